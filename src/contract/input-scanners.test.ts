/**
 * The body scanners that run before JSON.parse and base64 decoding give exactly the answers of the simple versions
 * they replaced (a character loop, a regular expression), on edge cases and on random inputs.
 */
import { describe, expect, it } from 'vitest';
import { isBase64Text, jsonNestsDeeperThan } from './primitives';

function nestsByLoop(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) depth -= 1;
  }
  return false;
}
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Deterministic pseudo-random text over a small alphabet that makes every branch likely. */
function randomTexts(alphabet: string, count: number, seed = 7): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 40) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''),
  );
}

describe('jsonNestsDeeperThan', () => {
  const cases = [
    '',
    '{}',
    '[[[[]]]]',
    '{"a":"[[[[[["}',
    '{"a":"\\"[[[[["}',
    '{"a":"\\\\"}[[[[[',
    '"unterminated [[[[[[',
    '"\\',
    '["\\\\\\"[[[", [[[[[[]]]]]]]',
    `{"content":"${'A'.repeat(10_000)}","m":{"a":[1,{"b":"\\\\\\"q"}]}}`,
  ];
  it.each(cases)('answers as the character loop on %j', (text) => {
    for (const max of [0, 1, 2, 3, 5]) expect(jsonNestsDeeperThan(text, max)).toBe(nestsByLoop(text, max));
  });

  it('answers as the character loop on 5,000 random texts', () => {
    for (const text of randomTexts('[]{}"\\a,', 5_000))
      for (const max of [1, 3]) expect(jsonNestsDeeperThan(text, max), text).toBe(nestsByLoop(text, max));
  });
});

describe('isBase64Text', () => {
  it.each(['', '=', '==', '===', 'QQ==', 'QQ=', 'Q===', 'ab=c', 'ab c', 'é', 'a-b_', 'AZaz09+/'])(
    'answers as the regular expression on %j',
    (text) => expect(isBase64Text(text)).toBe(BASE64.test(text)),
  );

  it('answers as the regular expression on 5,000 random texts', () => {
    for (const text of randomTexts('Az09+/=-_ \u00e9', 5_000)) expect(isBase64Text(text), text).toBe(BASE64.test(text));
  });
});
