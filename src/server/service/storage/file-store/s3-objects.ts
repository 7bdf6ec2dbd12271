/**
 * File bytes in S3-compatible object storage (`DPS_BLOB_URL=s3://bucket/prefix`): one object per file, written by a
 * streamed multipart upload (at most one 8 MiB part in memory), read with ranged GETs, deleted with the document.
 * Keys are `<prefix>/<organization id>/<document id>/<random file id>`: another organization's key cannot be guessed
 * from a document id, and a replaced file never overwrites the object a reader may still be streaming.
 */
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { S3Location } from './blob-url';
import type { BlobBackend } from './file-store';

/** Multipart part size: S3's minimum is 5 MiB; one part in flight bounds the memory of an upload. */
const PART_SIZE = 8 * 1024 * 1024;

export function s3Objects(target: S3Location): BlobBackend {
  const client = new S3Client({
    region: target.region,
    endpoint: target.endpoint,
    forcePathStyle: Boolean(target.endpoint),
    credentials: target.credentials,
  });
  const keyOf = (location: string) => {
    const prefix = `s3://${target.bucket}/`;
    if (!location.startsWith(prefix)) throw new Error(`the file is in another bucket than DPS_BLOB_URL names`);
    return location.slice(prefix.length);
  };

  return {
    async write(organizationId, documentId, fileId, source) {
      const key = [target.prefix, organizationId, documentId, fileId].filter(Boolean).join('/');
      // Parts that reached the store are aborted by Upload itself when the source fails.
      await new Upload({
        client,
        params: { Bucket: target.bucket, Key: key, Body: Readable.from(source) },
        partSize: PART_SIZE,
        queueSize: 1,
      }).done();
      return { location: `s3://${target.bucket}/${key}`, chunkSize: null };
    },

    async *read(head, _organizationId, { start, end }) {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: target.bucket, Key: keyOf(head.location), Range: `bytes=${start}-${end}` }),
      );
      for await (const piece of answer.Body as Readable) yield piece as Buffer;
    },

    async remove(head) {
      await client.send(new DeleteObjectCommand({ Bucket: target.bucket, Key: keyOf(head.location) }));
    },
  };
}
