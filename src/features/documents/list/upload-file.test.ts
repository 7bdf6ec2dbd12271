import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, sizeProblem } from './upload-file';

describe('upload size check', () => {
  it('accepts files of up to 64 MiB (sent by PUT to their fileUrl) and refuses one byte more', () => {
    expect(MAX_UPLOAD_BYTES).toBe(64 * 1024 * 1024);
    // Beyond the 4.47 MB an inline base64 `content` can hold.
    expect(sizeProblem(4_687_501)).toBeNull();
    expect(sizeProblem(MAX_UPLOAD_BYTES)).toBeNull();
    expect(sizeProblem(MAX_UPLOAD_BYTES + 1)).toMatch(/up to 64 MB \(64 MiB\)\. Not sent/);
    expect(sizeProblem(0)).toMatch(/empty/);
  });
});
