import { describe, expect, it } from 'vitest';
import { sizeProblem } from './upload-file';

describe('upload size check', () => {
  it('accepts a file whose base64 is exactly 6,250,000 characters and refuses one byte more', () => {
    expect(sizeProblem(4_687_500)).toBeNull();
    expect(sizeProblem(4_687_501)).toMatch(/6,250,004 base64 characters/);
    expect(sizeProblem(0)).toMatch(/empty/);
  });
});
