import { zodResolver } from '@hookform/resolvers/zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { formIssueMessage, translatingZodResolver } from './issue-messages';

// The form kit (form.tsx) hands react-hook-form the zod resolver: pins down what it relies on from
// @hookform/resolvers with zod/mini (the console's and the contract's zod) — the schema's output on success, errors keyed
// by field path on failure — and that the kit's resolver shows each error in the operator's language.
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

// The contract's rules, as its schemas write them (English for API clients).
const contractLike = z.object({
  name: z.string().check(z.minLength(1, { message: 'must not be empty' }), z.maxLength(200, { message: 'x' })),
  email: z
    .string()
    .check(z.regex(/^[^@\s]+@[^@\s]+$/, { message: 'must be a valid email address such as name@example.com' })),
  url: z.string().check(z.regex(/^https:\/\//, { message: 'must start with http://localhost or https://' })),
  retention: z
    .number({ message: 'must be an integer' })
    .check(
      z.gte(1, { message: 'must be an integer from 1 to 1825' }),
      z.lte(1825, { message: 'must be an integer from 1 to 1825' }),
    ),
  roleIds: z.array(z.string()).check(z.maxLength(2, { message: 'must hold at most 2 role ids' })),
  effect: z.enum(['allow', 'deny'], { message: 'must be allow or deny' }),
  code: z.string().check(z.regex(/^[a-z]+$/, { message: 'must be like abc' })),
});

async function fieldErrors(values: Record<string, unknown>) {
  const result = await translatingZodResolver(contractLike)(values as never, undefined, options);
  return Object.fromEntries(Object.entries(result.errors).map(([key, error]) => [key, error?.message]));
}

const NB: Record<string, string> = {
  'must not be empty': 'kan ikke være tom',
  'must be a valid email address such as name@example.com':
    'må være en gyldig e-postadresse, for eksempel navn@example.com',
  'must be an integer from {from} to {to}': 'må være et heltall fra {from} til {to}',
};

describe('form field errors', () => {
  afterEach(() => {
    i18n.loadAndActivate({ locale: 'en', locales: ['en-US'], messages: {} });
    vi.unstubAllGlobals();
  });

  const invalid = {
    name: '',
    email: 'nobody',
    url: 'ftp://x',
    retention: 0,
    roleIds: ['a', 'b', 'c'],
    effect: 'maybe',
    code: 'ABC',
  };

  it('say in English what the contract says, by the issue code and params', async () => {
    expect(await fieldErrors(invalid)).toEqual({
      name: 'must not be empty',
      email: 'must be a valid email address such as name@example.com',
      url: 'must start with http://localhost or https://',
      retention: 'must be an integer from 1 to 1825',
      roleIds: 'must hold at most 2 entries',
      effect: 'must be one of allow or deny',
      // A pattern of its own: the contract's message is the only explanation.
      code: 'must be like abc',
    });
    expect((await fieldErrors({ ...invalid, retention: undefined })).retention).toBe('Required');
    expect((await fieldErrors({ ...invalid, name: 'x'.repeat(201) })).name).toBe('must be at most 200 characters');
  });

  it('are translated in the operator language, numbers in its locale', async () => {
    // A catalog as the build compiles it: message ids of the English source, compiled Norwegian.
    const messages = Object.fromEntries(
      Object.entries(NB).map(([source, nb]) => [generateMessageId(source), compileMessage(nb)]),
    );
    i18n.loadAndActivate({ locale: 'nb', locales: ['nb-NO'], messages });
    const errors = await fieldErrors({ ...invalid, retention: 3000 });
    expect(errors.name).toBe('kan ikke være tom');
    expect(errors.email).toBe('må være en gyldig e-postadresse, for eksempel navn@example.com');
    expect(errors.retention).toBe('må være et heltall fra 1 til 1825');
  });

  it('keep a message the contract wrote for no code the console knows', () => {
    expect(formIssueMessage({ code: 'custom', path: [], message: 'must be earlier than before', input: 1 })).toBe(
      'must be earlier than before',
    );
  });
});
