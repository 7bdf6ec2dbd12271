/**
 * Pasted id → the route of its detail screen. Router paths with params (the router encodes the ':' in ids), never
 * hand-built URLs. Ids accept both namespaces (`svc:` and `legacy:`) and an optional `svc:organization:x/` prefix;
 * run references are read by the contract's parser. Ids that do not say their screen by themselves (a bare run id,
 * a profile id, …) come back as a lookup for ../../api/id-lookup.ts — only once complete (the contract's full
 * pattern), so typing one character by character asks the service nothing until the last one.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { formatRunReference, ID_PATTERNS, parseRunReference } from '@/contract';
import { formatNumber } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import type { IdLookup } from '@/api/id-lookup';

export interface ResourceTarget {
  /** "User", "Model", … */
  kind: string;
  id: string;
  to: string;
  params: Record<string, string>;
  /** URL search of list screens opened filtered (a dataset's documents). */
  search?: Record<string, string>;
}

const NS = '(?:svc|legacy)';
const PART = '[0-9A-Za-z_-]+';
const ORG = `(?:${NS}:organization:[a-z0-9_-]+/)?`;

interface Rule {
  kind: MessageDescriptor;
  pattern: RegExp;
  target: (match: RegExpMatchArray) => Pick<ResourceTarget, 'to' | 'params'>;
}

const single = (type: string) => new RegExp(`^${ORG}(${NS}:${type}:${PART})$`);

const RULES: Rule[] = [
  {
    kind: msg`User`,
    pattern: single('user'),
    target: (m) => ({ to: '/settings/users/$userId', params: { userId: m[1] } }),
  },
  {
    kind: msg`Role`,
    pattern: single('role'),
    target: (m) => ({ to: '/settings/roles/$roleId', params: { roleId: m[1] } }),
  },
  {
    kind: msg`App client`,
    pattern: single('app-client'),
    target: (m) => ({ to: '/settings/app-clients/$appClientId', params: { appClientId: m[1] } }),
  },
  {
    kind: msg`Model`,
    pattern: single('model'),
    target: (m) => ({ to: '/models/$modelId', params: { modelId: m[1] } }),
  },
  {
    kind: msg`Validation`,
    pattern: single('validation'),
    target: (m) => ({ to: '/validations/$validationId', params: { validationId: m[1] } }),
  },
  {
    kind: msg`Document`,
    pattern: single('document'),
    target: (m) => ({ to: '/documents/$documentId', params: { documentId: m[1] } }),
  },
  {
    kind: msg`Agent`,
    pattern: single('agent'),
    target: (m) => ({ to: '/agents/$agentId', params: { agentId: m[1] } }),
  },
  {
    kind: msg`Organization`,
    pattern: single('organization'),
    target: () => ({ to: '/settings/organization', params: {} }),
  },
  // The organization screen shows its plan and payment method; the documents list filters by dataset or consent.
  {
    kind: msg`Organization plan`,
    pattern: new RegExp(`^${ORG}(${NS}:plan:${PART}(?::@[A-Za-z0-9_.-]+|:[0-9]+)?)$`),
    target: () => ({ to: '/settings/organization', params: {} }),
  },
  {
    kind: msg`Organization payment method`,
    pattern: single('payment-method'),
    target: () => ({ to: '/settings/organization', params: {} }),
  },
  {
    kind: msg`Dataset's documents`,
    pattern: single('dataset'),
    target: (m) => ({ to: '/documents', params: {}, search: { datasetId: m[1] } }),
  },
  {
    kind: msg`Consent's documents`,
    pattern: single('consent'),
    target: (m) => ({ to: '/documents', params: {}, search: { consentId: m[1] } }),
  },
];

const RUN_ROUTES = {
  agent: { kind: msg`Agent run`, to: '/runs/$agentId/$runId', param: 'agentId' },
  hook: { kind: msg`Hook run`, to: '/runs/hooks/$hookId/$runId', param: 'hookId' },
  action: { kind: msg`Action run`, to: '/runs/actions/$actionId/$runId', param: 'actionId' },
} as const;

/**
 * Ids whose screen the API must be asked for, by the contract's full patterns (`svc:run:` and 32 lowercase hex, …):
 * anything shorter is an id still being typed, and the service would refuse it (400) or know nothing of it (404).
 * `client-id` is an app client's OAuth client id (32 hex, no prefix).
 */
const LOOKUPS: [IdLookup['kind'], RegExp][] = [
  ['run', new RegExp(`^${ORG}(${ID_PATTERNS.run})$`)],
  ['profile', new RegExp(`^${ORG}(${ID_PATTERNS.profile})$`)],
  ['validation-task', new RegExp(`^${ORG}(${ID_PATTERNS.validationTask})$`)],
  ['hook', new RegExp(`^${ORG}(${ID_PATTERNS.hook})$`)],
  ['action', new RegExp(`^${ORG}(${ID_PATTERNS.action})$`)],
  ['client-id', /^([0-9a-f]{32})$/],
];

/** The start of an id of a looked-up kind (`svc:run:01…`): what the hint counts the digits of. */
const LOOKUP_PREFIX = new RegExp(`^${ORG}${NS}:(run|profile|validation-task|hook|action):([0-9A-Za-z_-]*)$`);

/** What the palette does with pasted text: open a route, look the id up first, or nothing (not an id). */
export type PastedId = { target: ResourceTarget } | { lookup: IdLookup } | null;

export function parsePastedId(text: string): PastedId {
  const target = resolveResourceId(text);
  if (target) return { target };
  const id = text.trim();
  for (const [kind, pattern] of LOOKUPS) {
    const match = id.match(pattern);
    if (match) return { lookup: { kind, id: match[1]! } };
  }
  return null;
}

/** The detail route of a pasted id, or null when the text is not an id the console has a screen for. */
export function resolveResourceId(text: string): ResourceTarget | null {
  const id = text.trim();
  if (!id || /\s/.test(id)) return null;
  const run = parseRunReference(id);
  if (run) {
    const route = RUN_ROUTES[run.kind];
    return { kind: i18n._(route.kind), id, to: route.to, params: { [route.param]: run.ownerId, runId: run.runId } };
  }
  for (const rule of RULES) {
    const match = id.match(rule.pattern);
    if (match) return { kind: i18n._(rule.kind), id, ...rule.target(match) };
  }
  return null;
}

/**
 * A hint for ids that need more than themselves to open (a run id alone does not say its agent), and for ids of a
 * looked-up kind that are not complete yet: how many of the 32 hex digits are there, or which namespace they need.
 */
export function idHint(text: string): string | null {
  const id = text.trim();
  if (new RegExp(`^${ORG}${ID_PATTERNS.run}$`).test(id))
    return t`A run id alone does not name its agent: looking for it among the agents, hooks and actions…`;
  const partial = id.match(LOOKUP_PREFIX);
  if (partial && !parsePastedId(id)) {
    const [, type, digits = ''] = partial;
    // Profile ids take either namespace (ID_PATTERNS.profile); the others only svc.
    const svcOnly = type !== 'profile';
    const svcPrefix = `svc:${type}:`;
    const legacyPrefix = `legacy:${type}:`;
    if (svcOnly && !id.replace(/^.*\//, '').startsWith('svc:'))
      return t`A ${type} id starts with ${svcPrefix} (not legacy:).`;
    if (/^[0-9a-f]*$/.test(digits) && digits.length < 32) {
      const typed = formatNumber(digits.length);
      return svcOnly
        ? t`Keep typing: a ${type} id is ${svcPrefix} and 32 lowercase hex digits (${typed} so far).`
        : t`Keep typing: a ${type} id is ${svcPrefix} (or ${legacyPrefix}) and 32 lowercase hex digits (${typed} so far).`;
    }
    return svcOnly
      ? t`Not a ${type} id the palette can look up: those are ${svcPrefix} and exactly 32 lowercase hex digits.`
      : t`Not a ${type} id the palette can look up: those are ${svcPrefix} (or ${legacyPrefix}) and exactly 32 lowercase hex digits.`;
  }
  if (new RegExp(`^${NS}:[a-z-]+:${PART}$`).test(id)) return t`The console has no screen for this kind of id.`;
  return null;
}

/** Id fields that name an object's own resource, most specific first (a run object also carries its agentId). */
const OWN_ID_KEYS = ['userId', 'roleId', 'appClientId', 'modelId', 'validationId', 'documentId', 'agentId'] as const;

export interface NamedResource extends ResourceTarget {
  name: string;
}

/** A resource from a cached API object (list item or detail), when it has a name and a screen. */
export function namedResource(value: unknown): NamedResource | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const name = [record.name, record.email, record.fileName].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  if (!name) return null;
  let id: string | undefined;
  if (typeof record.agentId === 'string' && typeof record.runId === 'string')
    id = formatRunReference(record.agentId, record.runId);
  else id = OWN_ID_KEYS.map((key) => record[key]).find((v): v is string => typeof v === 'string');
  if (!id) return null;
  const target = resolveResourceId(id);
  return target ? { ...target, name } : null;
}

/** Every named resource in some cached response data: `{ users: [...] }`, a single object, or an array. */
export function namedResourcesIn(
  data: unknown,
  into: Map<string, NamedResource> = new Map(),
): Map<string, NamedResource> {
  const visit = (value: unknown) => {
    const found = namedResource(value);
    if (found && !into.has(found.id)) into.set(found.id, found);
  };
  if (Array.isArray(data)) data.forEach(visit);
  else if (data && typeof data === 'object') {
    visit(data);
    for (const nested of Object.values(data as Record<string, unknown>))
      if (Array.isArray(nested)) nested.forEach(visit);
  }
  return into;
}
