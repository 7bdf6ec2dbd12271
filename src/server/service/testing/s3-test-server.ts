/**
 * A real S3-compatible server (s3rver, from npm) on loopback in a temp dir, with one bucket: what the file contract
 * tests run the S3 file store against. `env` is what the service reads to use it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** DPS_BLOB_URL and the AWS variables for the service. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3TestServer(bucket = 'dps-files'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'dps-s3-test-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      DPS_BLOB_URL: `s3://${bucket}/files`,
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: 'us-east-1',
      // s3rver's fixed credentials.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
