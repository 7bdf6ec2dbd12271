import { useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Command } from 'cmdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '@/i18n/i18n';
import { useNavigate, type NavigateOptions } from '@tanstack/react-router';
import { IconChevronRight, IconSearch } from '@/components/icons';
import { useReturnFocus } from '@/components/return-focus';
import { useNavItems } from './nav-items';
import { organizationKey } from '@/api/keys';
import { useOrganizationScope } from '@/api/organization-scope';
import { idLookupQueryOptions, type IdLookup } from '@/api/id-lookup';
import { explainError } from '@/api/errors';
import { foundTarget, type FoundTarget } from './found-target';
import { idHint, namedResourcesIn, parsePastedId, type NamedResource, type ResourceTarget } from './resource-links';
import { useSettledValue } from './use-settled-value';

/** How long the input must rest before a complete id is looked up (an edit right after a paste asks nothing). */
const LOOKUP_SETTLE_MS = 250;

function matches(query: string, value: string, keywords: string[] | undefined): boolean {
  const haystack = `${value} ${(keywords ?? []).join(' ')}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .every((word) => haystack.includes(word));
}

/** Where a palette item leads: a route with its params and search. */
type Jump = { to: string; params?: Record<string, string>; search?: Record<string, string> };

/**
 * What the typed text asks for: a pasted id that opens directly (`target`) or must be looked up once the input has
 * settled (`lookup`), a hint for an incomplete id, or resources by name.
 */
function usePaletteQuery(search: string) {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  const pasted = parsePastedId(search);
  const target = pasted && 'target' in pasted ? pasted.target : null;
  const lookup = pasted && 'lookup' in pasted ? pasted.lookup : null;
  const lookupKey = lookup ? `${lookup.kind}:${lookup.id}` : null;
  const settled = useSettledValue(lookupKey, LOOKUP_SETTLE_MS) === lookupKey;
  const hint = target || lookup ? null : idHint(search);
  // Resources by name: whatever this organization's screens have already loaded (lists and details in the cache).
  const known = useMemo(() => {
    const found = new Map<string, NamedResource>();
    for (const query of queryClient.getQueryCache().findAll({ queryKey: organizationKey(org) })) {
      namedResourcesIn(query.state.data, found);
    }
    return [...found.values()];
  }, [queryClient, org]);
  const query = search.trim();
  const byName = query.length >= 2 && !pasted ? known.filter((r) => matches(query, r.name, [r.id])).slice(0, 8) : [];
  return { pasted, target, lookup, settled, hint, byName };
}

/** An id pasted whole whose screen the id itself names. */
function OpenByIdGroup({ target, onOpen }: { target: ResourceTarget; onOpen: (to: Jump) => void }) {
  const kind = target.kind.toLowerCase();
  const id = target.id;
  return (
    <Command.Group heading={t`Open by id`}>
      <Command.Item value={`!open-id:${target.id}`} onSelect={() => onOpen(target)}>
        <IconSearch />
        <span>
          <Trans>
            Open {kind} <span className="palette__id">{id}</span>
          </Trans>
        </span>
        <IconChevronRight className="palette__hint" />
      </Command.Item>
    </Command.Group>
  );
}

function ResourceGroup({ resources, onOpen }: { resources: readonly NamedResource[]; onOpen: (to: Jump) => void }) {
  return (
    <Command.Group heading={t`Resources`}>
      {resources.map((resource) => (
        <Command.Item
          key={resource.id}
          value={`!res:${resource.id}`}
          onSelect={() => onOpen({ to: resource.to, params: resource.params })}
        >
          <IconSearch />
          <span className="truncate palette__name" title={`${resource.name} · ${resource.kind}`}>
            {resource.name} <span className="muted">· {resource.kind}</span>
          </span>
          <span className="palette__hint palette__id truncate" style={{ maxWidth: '40%' }} title={resource.id}>
            {resource.id}
          </span>
        </Command.Item>
      ))}
    </Command.Group>
  );
}

function GoToGroup({ navItems, onOpen }: { navItems: ReturnType<typeof useNavItems>; onOpen: (to: Jump) => void }) {
  return (
    <Command.Group heading={t`Go to`}>
      {navItems.map(({ label, to, icon: Icon, keywords, key }) => (
        <Command.Item key={to} value={label} keywords={[...(keywords ?? []), to]} onSelect={() => onOpen({ to })}>
          <Icon />
          <span>{label}</span>
          <span className="palette__hint">
            <kbd>g</kbd> <kbd>{key}</kbd>
          </span>
        </Command.Item>
      ))}
    </Command.Group>
  );
}

function PaletteFooter() {
  return (
    <div className="palette__footer" aria-hidden="true">
      <span>
        <Trans>
          <kbd>↑</kbd> <kbd>↓</kbd> move
        </Trans>
      </span>
      <span>
        <Trans>
          <kbd>↵</kbd> open
        </Trans>
      </span>
      <span>
        <Trans>
          <kbd>esc</kbd> close
        </Trans>
      </span>
    </div>
  );
}

/**
 * ⌘K: jump to any screen by name, to a resource by name (among those the console has loaded), or paste an id
 * (`svc:user:…`, `svc:agent:…/svc:run:…`, a bare `svc:run:…`: anything a copy button copies) to open its screen.
 */
export function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const navItems = useNavItems();
  const [search, setSearch] = useState('');
  const { pasted, target, lookup, settled, hint, byName } = usePaletteQuery(search);

  const jumped = useRef(false);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setSearch('');
  };
  const go = ({ to, params, search: filter }: Jump) => {
    jumped.current = true;
    close(false);
    // The target routes are other screens' files; the router encodes the params (ids contain ':').
    void navigate({ to, params, search: filter } as unknown as NavigateOptions);
  };

  return (
    <PaletteDialog open={open} onOpenChange={close} jumped={jumped}>
      <Command
        label={t`Jump to a screen or paste an id`}
        // Pasted ids and the hint must not be filtered away: items whose value starts with '!' always match.
        filter={(value, query, keywords) => (value.startsWith('!') || matches(query, value, keywords) ? 1 : 0)}
      >
        <Command.Input
          value={search}
          onValueChange={setSearch}
          placeholder={t`Jump to a screen, or paste an id…`}
          aria-label={t`Jump to a screen or paste an id`}
        />
        <Command.List>
          {/* A listbox must hold options (axe), so "nothing matches" is a disabled option rather than cmdk's Empty. */}
          {!pasted &&
          byName.length === 0 &&
          !navItems.some((item) => matches(search, item.label, [...(item.keywords ?? []), item.to])) ? (
            <Command.Item value="!hint" disabled>
              <span className="muted">
                {hint ?? t`No screen matches. Paste a full id such as svc:user:… to open it.`}
              </span>
            </Command.Item>
          ) : null}
          {target ? <OpenByIdGroup target={target} onOpen={go} /> : null}
          {lookup ? <LookedUpId lookup={lookup} settled={settled} hint={idHint(lookup.id)} onOpen={go} /> : null}
          {byName.length > 0 ? <ResourceGroup resources={byName} onOpen={go} /> : null}
          <GoToGroup navItems={navItems} onOpen={go} />
        </Command.List>
        <PaletteFooter />
      </Command>
    </PaletteDialog>
  );
}

/**
 * cmdk's Command.Dialog written out, for the one thing it does not pass on: where focus goes on close — back to what
 * opened the palette, or after a jump to the new screen's <main>, where reading and Tab start again.
 */
function PaletteDialog({
  open,
  onOpenChange,
  jumped,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  jumped: RefObject<boolean>;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="palette"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!jumped.current) return returnFocus(event);
            event.preventDefault();
            document.getElementById('main')?.focus();
          }}
        >
          <Dialog.Title className="sr-only">
            <Trans>Jump to a screen or paste an id</Trans>
          </Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** "Looking for the …": what a looked-up id may lead to. */
const LOOKING_FOR: Record<IdLookup['kind'], MessageDescriptor> = {
  run: msg`Looking for the agent, hook or action run…`,
  profile: msg`Looking for the user with this profile…`,
  'validation-task': msg`Looking for the validation with this task…`,
  hook: msg`Looking for the run of this hook…`,
  action: msg`Looking for the run of this action…`,
  'client-id': msg`Looking for the app client with this client id…`,
};

/** "Not found: no … in this organization." */
function notFound(kind: IdLookup['kind'], id: string): string {
  switch (kind) {
    case 'run':
      return t`Not found: no agent, hook or action run ${id} in this organization.`;
    case 'profile':
      return t`Not found: no user with this profile ${id} in this organization.`;
    case 'validation-task':
      return t`Not found: no validation with this task ${id} in this organization.`;
    case 'hook':
      return t`Not found: no run of this hook ${id} in this organization.`;
    case 'action':
      return t`Not found: no run of this action ${id} in this organization.`;
    case 'client-id':
      return t`Not found: no app client with this client id ${id} in this organization.`;
  }
}

/** A complete id that needs the API to say where it leads: looked up once the input has settled on it. */
function LookedUpId({
  lookup,
  settled,
  hint,
  onOpen,
}: {
  lookup: IdLookup;
  settled: boolean;
  hint: string | null;
  onOpen: (target: FoundTarget) => void;
}) {
  const org = useOrganizationScope();
  const { data, isPending, error } = useQuery(idLookupQueryOptions(org, lookup, settled));
  const found = data ? foundTarget(data) : null;
  if (found) {
    const kind = found.kind.toLowerCase();
    const id = lookup.id;
    return (
      <Command.Group heading={t`Open by id`}>
        <Command.Item value={`!lookup:${lookup.id}`} onSelect={() => onOpen(found)}>
          <IconSearch />
          <span className="truncate">
            <Trans>
              Open {kind} <span className="palette__id">{id}</span>
            </Trans>
            {found.label ? <span className="muted"> · {found.label}</span> : null}
          </span>
          <IconChevronRight className="palette__hint" />
        </Command.Item>
      </Command.Group>
    );
  }
  const message = isPending
    ? (lookup.kind === 'run' && hint) || i18n._(LOOKING_FOR[lookup.kind])
    : error
      ? lookupFailure(lookup.id, error)
      : notFound(lookup.kind, lookup.id);
  return (
    <Command.Item value="!lookup-status" disabled>
      <span className="muted" role="status">
        {message}
      </span>
    </Command.Item>
  );
}

/** Why a lookup failed, as it failed (not found is no failure: the lookup answers null for 400 and 404). */
function lookupFailure(id: string, error: Error): string {
  const { title, detail, next } = explainError(error);
  const reason = detail.replace(/\.?$/, '.');
  return t`Could not look up ${id}. ${title}: ${reason} ${next}`;
}
