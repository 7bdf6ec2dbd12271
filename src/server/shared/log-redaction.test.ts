/** Log redaction both servers share: credentials leave URLs, and every known secret leaves every log line. */
import { describe, expect, it } from 'vitest';
import { createScrubbingDestination, redactUrl, SecretRegistry, serializeRequestForLog } from './log-redaction';

describe('redactUrl', () => {
  it('blanks the values of credential parameters, whatever their letter case or encoding, and keeps the rest', () => {
    expect(redactUrl('/bff/launch?token=abc&next=%2Fruns')).toBe('/bff/launch?token=[REDACTED]&next=%2Fruns');
    expect(redactUrl('/x?Access_Token=a&client_secret=b&password=c&page=2')).toBe(
      '/x?Access_Token=[REDACTED]&client_secret=[REDACTED]&password=[REDACTED]&page=2',
    );
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[REDACTED]');
    expect(redactUrl('/x?tokens=abc&%E0%A4%A=1')).toBe('/x?tokens=abc&%E0%A4%A=1');
    expect(redactUrl('/runs')).toBe('/runs');
  });

  it('is what the request serializer logs', () => {
    expect(serializeRequestForLog({ method: 'GET', url: '/bff/launch?token=abc', hostname: 'h', ip: '::1' })).toEqual({
      method: 'GET',
      url: '/bff/launch?token=[REDACTED]',
      host: 'h',
      remoteAddress: '::1',
    });
  });
});

describe('SecretRegistry', () => {
  it('scrubs fixed and rolling secrets, also as they appear escaped inside a JSON string', () => {
    const registry = new SecretRegistry();
    registry.addFixed('client-secret-1');
    registry.add('tok"en\\value');
    registry.add('short'); // under 6 characters: ignored (it would blank ordinary words)
    const line = JSON.stringify({ msg: 'failed with client-secret-1', err: 'bad tok"en\\value', note: 'short' });
    expect(registry.scrub(line)).toBe(
      JSON.stringify({ msg: 'failed with [REDACTED]', err: 'bad [REDACTED]', note: 'short' }),
    );
  });

  it('keeps only the most recent rolling secrets, and every fixed one', () => {
    const registry = new SecretRegistry(2);
    registry.addFixed('fixed-secret');
    for (const token of ['token-one', 'token-two', 'token-three']) registry.add(token);
    expect(registry.scrub('fixed-secret token-one token-two token-three')).toBe(
      '[REDACTED] token-one [REDACTED] [REDACTED]',
    );
  });

  it('the scrubbing destination passes each line through the registry', () => {
    const registry = new SecretRegistry();
    registry.add('access-token-xyz');
    const lines: string[] = [];
    createScrubbingDestination({ write: (line) => lines.push(line) }, registry).write('Bearer access-token-xyz\n');
    expect(lines).toEqual(['Bearer [REDACTED]\n']);
  });
});
