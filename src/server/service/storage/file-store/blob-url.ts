/** `DPS_BLOB_URL` and the usual AWS variables: where the S3 file store keeps objects (s3-objects.ts). */

export interface S3Location {
  bucket: string;
  /** Key prefix without leading or trailing slashes; may be empty. */
  prefix: string;
  /** `AWS_ENDPOINT_URL`: a custom S3-compatible endpoint, addressed path-style. */
  endpoint?: string;
  region: string;
  /** From `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` (/ `AWS_SESSION_TOKEN`); absent: the SDK's default chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** `s3://bucket` or `s3://bucket/prefix` → bucket and prefix; undefined for anything else. */
export function parseBlobUrl(url: string): { bucket: string; prefix: string } | undefined {
  const match = url.match(/^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/);
  return match ? { bucket: match[1], prefix: (match[2] ?? '').replace(/^\/+|\/+$/g, '') } : undefined;
}
