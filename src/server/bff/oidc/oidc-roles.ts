/**
 * The console role a person gets from the provider's group claim, taken again at every sign-in: the most capable role
 * any of their values gives (admin over reviewer over viewer); none → no role (refused, no session). A reviewer
 * signed in through the provider reviews every agent (agent limits belong to operator accounts).
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
  settings: Pick<OidcConfig, 'adminValues' | 'reviewerValues' | 'viewerValues'>,
): OperatorRole | null {
  const values = new Set(claimValues(claim));
  const given = (roleValues: string[]) => roleValues.some((value) => values.has(value));
  if (given(settings.adminValues)) return 'admin';
  if (given(settings.reviewerValues)) return 'reviewer';
  if (given(settings.viewerValues)) return 'viewer';
  return null;
}
