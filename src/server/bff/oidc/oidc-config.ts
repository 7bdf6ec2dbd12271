/**
 * OpenID Connect sign-in settings (DPS_OIDC_*), validated at start: every problem names its variable. Without
 * DPS_OIDC_ISSUER (and the other DPS_OIDC_* unset) the BFF signs in as before, with local accounts and the launch link.
 */
import { z } from 'zod/mini';
import {
  ConfigError,
  envDefault,
  envInteger,
  envText,
  envTextWhere,
  parseEnv,
  type Env,
} from '@/server/shared/env-schema';
import { isLoopbackHostname } from '@/server/shared/host-allowlist';

export interface OidcConfig {
  /** The provider's issuer identifier; discovery is `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  /** What the sign-in page calls the provider ("Sign in with <name>"). */
  name: string;
  /** The ID token claim (or userinfo claim) holding the person's groups: an array of strings or one string. */
  roleClaim: string;
  /** Claim values that give each role (DPS_OIDC_*_VALUES); the most capable role a person's values give wins. */
  adminValues: string[];
  reviewerValues: string[];
  viewerValues: string[];
  /** The longest a session signed in through the provider lives, whatever DPS_SESSION_MAX_HOURS says. */
  maxSessionMs: number;
}

const list = z.pipe(
  envText,
  z.transform((raw) =>
    (raw ?? '')
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean),
  ),
);

const oidcEnvSchema = z.object({
  DPS_OIDC_ISSUER: envText,
  DPS_OIDC_CLIENT_ID: envText,
  DPS_OIDC_CLIENT_SECRET: envText,
  DPS_OIDC_SCOPES: envDefault(envText, 'openid profile email'),
  DPS_OIDC_NAME: envDefault(envText, 'your identity provider'),
  DPS_OIDC_ROLE_CLAIM: envDefault(envText, 'groups'),
  DPS_OIDC_ADMIN_VALUES: list,
  DPS_OIDC_REVIEWER_VALUES: list,
  DPS_OIDC_VIEWER_VALUES: list,
  DPS_OIDC_MAX_SESSION_HOURS: envDefault(envInteger(1, 30 * 24), 12),
  DPS_LOCAL_ACCOUNTS: envTextWhere(/^[01]$/, 'must be 0 or 1'),
});

const OIDC_VARIABLES = [
  'DPS_OIDC_ISSUER',
  'DPS_OIDC_CLIENT_ID',
  'DPS_OIDC_CLIENT_SECRET',
  'DPS_OIDC_SCOPES',
  'DPS_OIDC_NAME',
  'DPS_OIDC_ROLE_CLAIM',
  'DPS_OIDC_ADMIN_VALUES',
  'DPS_OIDC_REVIEWER_VALUES',
  'DPS_OIDC_VIEWER_VALUES',
  'DPS_OIDC_MAX_SESSION_HOURS',
] as const;

/** The issuer must be https, except on a loopback host (a provider run beside the BFF, as the tests do). */
function issuerProblem(issuer: string): string | undefined {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return 'DPS_OIDC_ISSUER must be an absolute https URL';
  }
  if (url.username || url.password) return 'DPS_OIDC_ISSUER must not contain credentials';
  if (url.search || url.hash) return 'DPS_OIDC_ISSUER must not contain a query or fragment';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHostname(url.hostname)) return undefined;
  return 'DPS_OIDC_ISSUER must use https (plain http only on a loopback host)';
}

/**
 * The OpenID Connect settings, or undefined when none of DPS_OIDC_* is set; and whether local accounts (the password
 * form and `/bff/login`) stay on (DPS_LOCAL_ACCOUNTS, default 1).
 */
export function oidcConfigFromEnv(env: Env): { oidc?: OidcConfig; localAccounts: boolean } {
  const vars = parseEnv(oidcEnvSchema, env);
  const localAccounts = vars.DPS_LOCAL_ACCOUNTS !== '0';
  const anySet = OIDC_VARIABLES.some((name) => (env[name] ?? '') !== '');
  if (!anySet) return { localAccounts };
  const problems: string[] = [];
  if (!vars.DPS_OIDC_ISSUER) problems.push('DPS_OIDC_ISSUER must be set when any DPS_OIDC_* variable is');
  else {
    const problem = issuerProblem(vars.DPS_OIDC_ISSUER);
    if (problem) problems.push(problem);
  }
  if (!vars.DPS_OIDC_CLIENT_ID || !vars.DPS_OIDC_CLIENT_SECRET) {
    problems.push(
      'DPS_OIDC_CLIENT_ID and DPS_OIDC_CLIENT_SECRET must be set together (the BFF is a confidential client)',
    );
  }
  if (!vars.DPS_OIDC_SCOPES.split(/\s+/).includes('openid')) problems.push('DPS_OIDC_SCOPES must include openid');
  const roleValues = [vars.DPS_OIDC_ADMIN_VALUES, vars.DPS_OIDC_REVIEWER_VALUES, vars.DPS_OIDC_VIEWER_VALUES];
  if (roleValues.every((values) => values.length === 0)) {
    problems.push(
      'DPS_OIDC_ADMIN_VALUES, DPS_OIDC_REVIEWER_VALUES or DPS_OIDC_VIEWER_VALUES must name at least one group ' +
        '(nobody could sign in otherwise)',
    );
  }
  if (!/^[A-Za-z0-9_.:/-]{1,200}$/.test(vars.DPS_OIDC_ROLE_CLAIM)) {
    problems.push('DPS_OIDC_ROLE_CLAIM must be a claim name (letters, digits, _ . : / -)');
  }
  if (problems.length) throw new ConfigError(problems.join('; '));
  return {
    localAccounts,
    oidc: {
      issuer: vars.DPS_OIDC_ISSUER!,
      clientId: vars.DPS_OIDC_CLIENT_ID!,
      clientSecret: vars.DPS_OIDC_CLIENT_SECRET!,
      scopes: vars.DPS_OIDC_SCOPES,
      name: vars.DPS_OIDC_NAME,
      roleClaim: vars.DPS_OIDC_ROLE_CLAIM,
      adminValues: vars.DPS_OIDC_ADMIN_VALUES,
      reviewerValues: vars.DPS_OIDC_REVIEWER_VALUES,
      viewerValues: vars.DPS_OIDC_VIEWER_VALUES,
      maxSessionMs: vars.DPS_OIDC_MAX_SESSION_HOURS * 60 * 60_000,
    },
  };
}
