/** DPS_OIDC_* at start: nothing set changes nothing; every mistake is refused with the variable's name. */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@/server/shared/env-schema';
import { oidcConfigFromEnv } from './oidc-config';
import { roleFromClaim } from './oidc-roles';

const complete = {
  DPS_OIDC_ISSUER: 'https://id.example.com/realms/ops',
  DPS_OIDC_CLIENT_ID: 'dps-console',
  DPS_OIDC_CLIENT_SECRET: 'secret-value',
  DPS_OIDC_ADMIN_VALUES: 'dps-admins, platform',
  DPS_OIDC_REVIEWER_VALUES: 'dps-reviewers',
  DPS_OIDC_VIEWER_VALUES: 'dps-viewers',
};

function refusal(env: Record<string, string>): string {
  try {
    oidcConfigFromEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('DPS_OIDC_* configuration', () => {
  it('is off without any DPS_OIDC_* variable, with local accounts on', () => {
    expect(oidcConfigFromEnv({})).toEqual({ localAccounts: true });
  });

  it('reads a complete configuration with its defaults', () => {
    expect(oidcConfigFromEnv(complete)).toEqual({
      localAccounts: true,
      oidc: {
        issuer: complete.DPS_OIDC_ISSUER,
        clientId: 'dps-console',
        clientSecret: 'secret-value',
        scopes: 'openid profile email',
        name: 'your identity provider',
        roleClaim: 'groups',
        adminValues: ['dps-admins', 'platform'],
        reviewerValues: ['dps-reviewers'],
        viewerValues: ['dps-viewers'],
        maxSessionMs: 12 * 60 * 60_000,
      },
    });
    expect(oidcConfigFromEnv({ ...complete, DPS_LOCAL_ACCOUNTS: '0' }).localAccounts).toBe(false);
  });

  it('refuses a plain-http issuer except on loopback', () => {
    expect(refusal({ ...complete, DPS_OIDC_ISSUER: 'http://id.example.com' })).toContain(
      'DPS_OIDC_ISSUER must use https',
    );
    expect(oidcConfigFromEnv({ ...complete, DPS_OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe(
      'http://127.0.0.1:9000',
    );
    expect(refusal({ ...complete, DPS_OIDC_ISSUER: 'not a url' })).toContain('DPS_OIDC_ISSUER');
  });

  it('requires the client id and secret together, and a role mapping', () => {
    expect(refusal({ ...complete, DPS_OIDC_CLIENT_SECRET: '' })).toContain(
      'DPS_OIDC_CLIENT_ID and DPS_OIDC_CLIENT_SECRET must be set together',
    );
    const noRoles = {
      ...complete,
      DPS_OIDC_ADMIN_VALUES: '',
      DPS_OIDC_REVIEWER_VALUES: '',
      DPS_OIDC_VIEWER_VALUES: '',
    };
    expect(refusal(noRoles)).toContain(
      'DPS_OIDC_ADMIN_VALUES, DPS_OIDC_REVIEWER_VALUES or DPS_OIDC_VIEWER_VALUES must name at least one group',
    );
    // Reviewers alone are a role mapping too.
    expect(oidcConfigFromEnv({ ...noRoles, DPS_OIDC_REVIEWER_VALUES: 'r' }).oidc?.reviewerValues).toEqual(['r']);
    expect(refusal({ DPS_OIDC_CLIENT_ID: 'x' })).toContain('DPS_OIDC_ISSUER must be set');
    expect(refusal({ ...complete, DPS_OIDC_SCOPES: 'profile email' })).toContain('DPS_OIDC_SCOPES must include openid');
    expect(refusal({ ...complete, DPS_OIDC_MAX_SESSION_HOURS: '0' })).toContain('DPS_OIDC_MAX_SESSION_HOURS');
    expect(refusal({ ...complete, DPS_LOCAL_ACCOUNTS: 'no' })).toContain('DPS_LOCAL_ACCOUNTS must be 0 or 1');
  });

  it('never puts the client secret in an error message', () => {
    expect(refusal({ ...complete, DPS_OIDC_ISSUER: 'ftp://x' })).not.toContain('secret-value');
  });
});

describe('roles from the group claim', () => {
  const mapping = { adminValues: ['dps-admins'], reviewerValues: ['dps-reviewers'], viewerValues: ['dps-viewers'] };
  it('gives the most capable role (admin > reviewer > viewer), takes a single string, and nobody else a role', () => {
    expect(roleFromClaim(['dps-viewers', 'dps-admins'], mapping)).toBe('admin');
    expect(roleFromClaim(['dps-reviewers', 'dps-admins'], mapping)).toBe('admin');
    expect(roleFromClaim(['dps-viewers', 'dps-reviewers'], mapping)).toBe('reviewer');
    expect(roleFromClaim('dps-reviewers', mapping)).toBe('reviewer');
    expect(roleFromClaim('dps-viewers', mapping)).toBe('viewer');
    expect(roleFromClaim(['staff'], mapping)).toBeNull();
    expect(roleFromClaim(undefined, mapping)).toBeNull();
    expect(roleFromClaim([{ name: 'dps-admins' }], mapping)).toBeNull();
  });
});
