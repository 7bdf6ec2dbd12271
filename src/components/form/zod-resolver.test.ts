import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

// The form kit (form.tsx) hands react-hook-form the zod resolver: pins down what it relies on from
// @hookform/resolvers with zod/mini (the console's and the contract's zod) — the schema's output on success, errors keyed
// by field path on failure.
const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'name: required')),
  pages: z.array(z.object({ page: z.coerce.number().check(z.int(), z.gte(0, 'page: must be 0 or more')) })),
});
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('zod resolver', () => {
  it('resolves a valid form to the schema output', async () => {
    const result = await zodResolver(schema)(
      { name: '  Invoice ', pages: [{ page: '2' }] } as never,
      undefined,
      options,
    );
    expect(result).toEqual({ values: { name: 'Invoice', pages: [{ page: 2 }] }, errors: {} });
  });

  it('names each invalid field by its path', async () => {
    const result = await zodResolver(schema)({ name: ' ', pages: [{ page: '-1' }] } as never, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      name: { message: 'name: required', type: 'too_small' },
      pages: [{ page: { message: 'page: must be 0 or more', type: 'too_small' } }],
    });
  });
});
