/**
 * The console role a person gets from the provider's group claim, taken again at every sign-in: admin values win over
 * viewer values; neither → no role (refused, no session).
 */
import type { OperatorRole } from '@/contract/bff-session';
import type { OidcConfig } from './oidc-config';

/** The claim's values: an array of strings, or one string (some providers send a single group as a string). */
export function claimValues(claim: unknown): string[] {
  if (typeof claim === 'string') return [claim];
  if (Array.isArray(claim)) return claim.filter((value): value is string => typeof value === 'string');
  return [];
}

export function roleFromClaim(
  claim: unknown,
  settings: Pick<OidcConfig, 'adminValues' | 'viewerValues'>,
): OperatorRole | null {
  const values = new Set(claimValues(claim));
  if (settings.adminValues.some((value) => values.has(value))) return 'admin';
  if (settings.viewerValues.some((value) => values.has(value))) return 'viewer';
  return null;
}
