/**
 * The contract's limits on hostile input: every string has a maximum length and refuses U+0000, timestamps name real
 * moments, emails stop at RFC 5321's length before their pattern runs, and JSON nesting is measured without recursion.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import * as contract from './index';
import {
  describeZodError,
  emailSchema,
  hasNoNul,
  jsonHasNoNul,
  jsonNestsDeeperThan,
  MAX_JSON_DEPTH,
  NUL_MESSAGE,
  timestampSchema,
} from './index';

type Def = { type: string; [key: string]: unknown };
type CheckDef = { check: string; fn?: unknown };
const defOf = (schema: z.core.$ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A rule to audit: which schema types must keep it, and whether a schema's checks do. */
interface Rule {
  types: string[];
  keeps(checks: CheckDef[]): boolean;
}

/** Paths (inside the named schema) of every schema of the rule's types whose checks lack it. */
function breaking(rule: Rule, schema: z.core.$ZodType, path: string, seen = new Set<z.core.$ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (inner: unknown, at: string) => breaking(rule, inner as z.core.$ZodType, at, seen);
  if (rule.types.includes(def.type)) {
    const checks = (def.checks as Array<{ _zod: { def: CheckDef } }> | undefined) ?? [];
    if (!rule.keeps(checks.map((check) => check._zod.def))) return [path];
  }
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([key, value]) =>
        walk(value, `${path}.${key}`),
      );
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'record':
      return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{value}`)];
    case 'union':
      return (def.options as z.core.$ZodType[]).flatMap((option, i) => walk(option, `${path}|${i}`));
    case 'intersection':
      return [...walk(def.left, path), ...walk(def.right, path)];
    case 'pipe':
      return [...walk(def.in, path), ...walk(def.out, path)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return walk(def.innerType, path);
    default:
      return [];
  }
}

const bounded: Rule = {
  types: ['string'],
  keeps: (checks) => checks.some((check) => check.check === 'max_length'),
};
/**
 * The contract's NUL rule, not a look-alike: a refinement with its very function (stringSchema's on strings,
 * jsonHasNoNul on free-form JSON values).
 */
const refusesNul: Rule = {
  types: ['string', 'unknown', 'any'],
  keeps: (checks) =>
    checks.some((check) => check.check === 'custom' && (check.fn === hasNoNul || check.fn === jsonHasNoNul)),
};

describe('every string of the contract is bounded and refuses U+0000', () => {
  const schemas = Object.entries(contract).filter(([, value]) => value instanceof z.core.$ZodType) as Array<
    [string, z.core.$ZodType]
  >;

  it('finds the contract schemas to audit', () => {
    expect(schemas.length).toBeGreaterThan(50);
  });

  it('has no z.string() without a maximum length', () => {
    expect(schemas.flatMap(([name, schema]) => breaking(bounded, schema, name))).toEqual([]);
  });

  it('has no string or free JSON value without the NUL rule (build strings with stringSchema)', () => {
    expect(schemas.flatMap(([name, schema]) => breaking(refusesNul, schema, name))).toEqual([]);
  });

  it('sees a string built without the rule', () => {
    const loose = z.object({
      name: z.string().check(z.maxLength(10)),
      tags: z.array(contract.keySchema),
      extra: z.record(contract.keySchema, z.unknown()),
    });
    expect(breaking(refusesNul, loose, 'loose')).toEqual(['loose.name', 'loose.extra{value}']);
  });

  it('refuses U+0000 with a message naming the field, before any other rule of the field', () => {
    const problem = (schema: z.core.$ZodType, body: unknown) => {
      const result = z.safeParse(schema, body);
      return result.success ? undefined : describeZodError(result.error, body);
    };
    expect(problem(contract.createUserBodySchema, { email: 'a@example.com', name: 'a\u0000b' })).toBe(
      `name ${NUL_MESSAGE}`,
    );
    expect(problem(contract.userSearchQuerySchema, { text: 'a\u0000b' })).toBe(`text ${NUL_MESSAGE}`);
    expect(problem(contract.createUserBodySchema, { email: 'a\u0000@example.com' })).toBe(`email ${NUL_MESSAGE}`);
    expect(problem(contract.listQuerySchema, { nextToken: '\u0000' })).toBe(`nextToken ${NUL_MESSAGE}`);
    const metadata = { a: [{ b: 'x\u0000' }] };
    expect(problem(contract.createUserBodySchema, { email: 'a@example.com', metadata })).toBe(
      `metadata.a ${NUL_MESSAGE}`,
    );
    expect(problem(contract.createUserBodySchema, { email: 'a@example.com', name: 'a\u0001b' })).toBeUndefined();
  });
});

describe('timestamps', () => {
  const problem = (value: string) => {
    const result = timestampSchema.safeParse(value);
    return result.success ? undefined : describeZodError(result.error, value, 'createdTimeAfter');
  };

  it('accept the seed spellings of real moments, leap days included', () => {
    for (const value of [
      '2024-01-31T12:00:00.000000Z',
      '20240131 120000Z',
      '2024-02-29T23:59:59+14:00',
      '2000-02-29T00:00:00+0530',
      '2026-12-31 00:00:00Z',
    ]) {
      expect(problem(value), value).toBeUndefined();
    }
  });

  it('refuse impossible calendar dates and clock times, naming the rule', () => {
    for (const value of [
      '2026-02-30T00:00:00Z',
      '2025-02-29T00:00:00Z',
      '1900-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-00-10T00:00:00Z',
      '2026-01-00T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T23:60:00Z',
      '2026-01-01T23:59:60Z',
      '2026-01-01T00:00:00+15:00',
      '2026-01-01T00:00:00+05:60',
      '0000-01-01T00:00:00Z',
    ]) {
      expect(problem(value), value).toMatch(/^createdTimeAfter must be a real date and time/);
    }
  });

  it('still refuse what is not a timestamp at all, with one sentence', () => {
    expect(problem('yesterday')).toBe('createdTimeAfter must be a timestamp like 2024-01-31T12:00:00.000000Z');
    expect(problem('2'.repeat(10_000))).toBe('createdTimeAfter must be a timestamp like 2024-01-31T12:00:00.000000Z');
  });
});

describe('emails', () => {
  it('stop at 254 characters before the pattern runs, with one sentence', () => {
    const email = `${'a'.repeat(4111)}@example.com`;
    const result = emailSchema.safeParse(email);
    expect(result.success).toBe(false);
    expect(describeZodError(result.error!, email, 'email')).toBe('email must be at most 254 characters');
    expect(
      emailSchema.safeParse(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`).success,
    ).toBe(true);
  });
});

describe('JSON nesting depth', () => {
  const nested = (depth: number) => `${'{"a":['.repeat(depth / 2)}1${']}'.repeat(depth / 2)}`;

  it(`allows ${MAX_JSON_DEPTH} levels and refuses one more`, () => {
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 2))).toBe(true);
    expect(jsonNestsDeeperThan(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`)).toBe(true);
  });

  it('counts brackets only outside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ text: '['.repeat(1000) }))).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: `\\"${'{'.repeat(1000)}` }))).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\\\",${'"b":['.repeat(0)}"c":${'['.repeat(40)}${']'.repeat(40)}}`)).toBe(true);
  });

  it('measures 5,000 levels without recursion', () => {
    expect(jsonNestsDeeperThan(nested(5000))).toBe(true);
  });
});

describe('request arrays are capped (work per request stays linear in what the limits allow)', () => {
  const problem = (schema: z.core.$ZodType, body: unknown) => {
    const result = z.safeParse(schema, body);
    return result.success ? undefined : describeZodError(result.error, body);
  };
  const many = <T>(count: number, make: (i: number) => T) => Array.from({ length: count }, (_, i) => make(i));

  it('roleIds, permissions and app client URLs', () => {
    const roleIds = many(contract.MAX_ROLE_IDS + 1, (i) => `svc:role:r${i}`);
    expect(problem(contract.updateUserBodySchema, { roleIds })).toBe(
      `roleIds must hold at most ${contract.MAX_ROLE_IDS} role ids`,
    );
    expect(problem(contract.createAppClientBodySchema, { roleIds })).toBe(
      `roleIds must hold at most ${contract.MAX_ROLE_IDS} role ids`,
    );
    const loginUrls = many(contract.MAX_APP_CLIENT_URLS + 1, (i) => `https://example.com/${i}`);
    expect(problem(contract.updateAppClientBodySchema, { loginUrls })).toBe(
      `loginUrls must hold at most ${contract.MAX_APP_CLIENT_URLS} URLs`,
    );
    const permissions = many(contract.MAX_ROLE_PERMISSIONS + 1, () => ({ resourceId: 'users' }));
    expect(problem(contract.createRoleBodySchema, { permissions })).toBe(
      `permissions must hold at most ${contract.MAX_ROLE_PERMISSIONS} permissions`,
    );
  });

  it('groundTruth, fieldConfig, resourceIds and requiredVariables', () => {
    const groundTruth = many(contract.MAX_GROUND_TRUTH_ENTRIES + 1, () => ({ label: 'a', value: 'b' }));
    expect(problem(contract.updateDocumentBodySchema, { groundTruth })).toBe(
      `groundTruth must hold at most ${contract.MAX_GROUND_TRUTH_ENTRIES} entries`,
    );
    const fieldConfig = Object.fromEntries(many(contract.MAX_MODEL_FIELDS + 1, (i) => [`f${i}`, { type: 'string' }]));
    expect(problem(contract.createModelBodySchema, { fieldConfig })).toBe(
      `fieldConfig must define at most ${contract.MAX_MODEL_FIELDS} fields`,
    );
    const resourceIds = many(contract.MAX_RESOURCE_IDS + 1, (i) => `svc:model:m${i}`);
    expect(problem(contract.createAgentBodySchema, { resourceIds })).toBe(
      `resourceIds must hold at most ${contract.MAX_RESOURCE_IDS} ids`,
    );
    const requiredVariables = many(contract.MAX_REQUIRED_VARIABLES + 1, (i) => `v${i}`);
    expect(problem(contract.createActionBodySchema, { config: { requiredVariables } })).toBe(
      `config.requiredVariables must hold at most ${contract.MAX_REQUIRED_VARIABLES} names`,
    );
  });
});
