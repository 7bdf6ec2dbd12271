import { useCallback } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/i18n/i18n';
import { formatDateTime, formatRelativeTime } from '@/i18n/format';
import {
  AUDIT_METHODS,
  AUDIT_PAGE_SIZES,
  auditPageQueryOptions,
  type AuditEntry,
  type AuditMethod,
  type AuditOutcome,
  type AuditSearch,
} from '@/api/audit-log';
import { useCapabilities } from '@/api/capabilities';
import { IdWithCopy } from '@/components/copy-button';
import { PageHeader } from '@/components/page-header';
import { TimeZoneToggle, useTimeZone } from '@/components/date-time';
import { DataTable, SearchInput, type ColumnDef } from '@/components/data-table';
import { EmptyState, ForbiddenState } from '@/components/states';
import { auditQuery } from './audit-search';

const routeApi = getRouteApi('/_authenticated/settings/audit-log');

/** `/api/users/svc:user:abc` → the console route of that resource, when there is one. */
function resourceLink(path: string): { to: string; params: Record<string, string> } | null {
  const m = path
    .replace(/^\/api/, '')
    .split('?')[0]
    .split('/')
    .filter(Boolean)
    .map(decodeURIComponent);
  const [family, id] = m;
  if (!id) return null;
  switch (family) {
    case 'users':
      return { to: '/settings/users/$userId', params: { userId: id } };
    case 'roles':
      return { to: '/settings/roles/$roleId', params: { roleId: id } };
    case 'appClients':
      return { to: '/settings/app-clients/$appClientId', params: { appClientId: id } };
    case 'models':
      return { to: '/models/$modelId', params: { modelId: id } };
    case 'validations':
      return { to: '/validations/$validationId', params: { validationId: id } };
    case 'documents':
      return { to: '/documents/$documentId', params: { documentId: id } };
    case 'agents':
      return m[2] === 'runs' && m[3]
        ? { to: '/runs/$agentId/$runId', params: { agentId: id, runId: m[3] } }
        : { to: '/agents/$agentId', params: { agentId: id } };
    default:
      return null;
  }
}

function statusTone(status: number): string {
  if (status >= 500) return 'badge--danger';
  if (status >= 400) return 'badge--warning';
  return 'badge--success';
}

/** What the status column says when the service gave no status. */
const OUTCOME_LABELS: Record<AuditOutcome, MessageDescriptor> = {
  answered: msg`answered`,
  'not-forwarded': msg`not sent`,
  pending: msg`no answer yet`,
  timeout: msg`timed out`,
  'connection-failed': msg`connection failed`,
};

const OUTCOME_NOTES: Partial<Record<AuditOutcome, MessageDescriptor>> = {
  'not-forwarded': msg`Answered by the console server; the service did not receive this write.`,
  pending: msg`Sent to the service; no answer recorded yet (or the console server stopped before it came).`,
  timeout: msg`Sent to the service, which did not answer in time: it may or may not have applied the write.`,
  'connection-failed': msg`Sent to the service, and the connection failed before an answer: it may or may not have applied the write.`,
};

/** What each write method does, in words: the method filter's options and the method badge's tooltip. */
const METHOD_WORDS: Record<AuditMethod, MessageDescriptor> = {
  POST: msg`Create`,
  PUT: msg`Replace`,
  PATCH: msg`Update`,
  DELETE: msg`Delete`,
};

/** The console server's own events (an identity provider's sign-in or refusal), not writes meant for the service. */
const isServerEvent = (entry: AuditEntry) => entry.path.startsWith('/bff/');

function AuditStatus({ entry }: { entry: AuditEntry }) {
  const serverEvent = isServerEvent(entry);
  const outcomeNote = OUTCOME_NOTES[entry.outcome];
  const note = [
    serverEvent
      ? t`A sign-in at the console server: nothing was sent to the service.`
      : outcomeNote && i18n._(outcomeNote),
    entry.clientClosed ? t`The browser left before the answer reached it.` : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <span title={note || undefined}>
      {entry.status !== null ? (
        <span className={`badge ${statusTone(entry.status)}`}>{entry.status}</span>
      ) : (
        <span className="badge badge--warning">{i18n._(OUTCOME_LABELS[entry.outcome])}</span>
      )}
      {entry.outcome === 'not-forwarded' && !serverEvent ? (
        <span className="muted">
          {' '}
          <Trans>not sent</Trans>
        </span>
      ) : null}
      {entry.clientClosed ? (
        <span className="muted">
          {' '}
          <Trans>browser left</Trans>
        </span>
      ) : null}
    </span>
  );
}

/** The operator's name and, for a person signed in through the identity provider, who they are there. */
function AuditOperator({ entry }: { entry: AuditEntry }) {
  const { issuer, subject } = entry;
  const atProvider = issuer && subject ? t`signed in with ${issuer} as ${subject}` : undefined;
  return (
    <span className="audit-operator">
      <span className="truncate" title={entry.operator}>
        {entry.operator}
      </span>
      {atProvider ? (
        <span className="audit-operator__provider muted truncate" title={atProvider}>
          {atProvider}
        </span>
      ) : null}
    </span>
  );
}

/** When the write was sent, to the second and with the time zone's name (UTC or local, as the operator chose). */
function AuditTime({ time }: { time: string }) {
  const [zone] = useTimeZone();
  return (
    <time dateTime={time} title={formatRelativeTime(time)} className="date-time">
      {formatDateTime(time, zone)}
    </time>
  );
}

const auditColumns = (): ColumnDef<AuditEntry & { rowId: string }>[] => [
  {
    id: 'time',
    header: t`Time`,
    // The request id under the time, in view at any width: what to search the console server's log for (reqId).
    cell: ({ row }) => (
      <span className="audit-time">
        <AuditTime time={row.original.time} />
        {row.original.requestId ? <IdWithCopy id={row.original.requestId} label={t`Copy request id`} /> : null}
      </span>
    ),
    meta: { hideable: false },
  },
  {
    id: 'operator',
    header: t`Operator`,
    cell: ({ row }) => <AuditOperator entry={row.original} />,
  },
  {
    id: 'method',
    header: t`Method`,
    cell: ({ row }) => (
      <span className="badge badge--outline mono" title={i18n._(METHOD_WORDS[row.original.method as AuditMethod])}>
        {row.original.method}
      </span>
    ),
  },
  {
    id: 'path',
    header: t`Path`,
    cell: ({ row }) => {
      const link = resourceLink(row.original.path);
      const text = (
        <span className="mono" title={row.original.path}>
          {row.original.path}
        </span>
      );
      // A deleted resource's link leads to its not-found view, which says so.
      return link && row.original.method !== 'DELETE' ? (
        <Link {...(link as unknown as { to: '/' })} className="audit-path">
          {text}
        </Link>
      ) : (
        text
      );
    },
  },
  {
    id: 'status',
    header: t`Status`,
    meta: { className: 'num' },
    cell: ({ row }) => <AuditStatus entry={row.original} />,
  },
];

/** The audit log, or — for an operator who may not read it (a viewer who typed the URL) — a no-access state. */
export function AuditLogScreen() {
  if (!useCapabilities().readAuditLog) {
    return (
      <div className="page">
        <PageHeader title={t`Audit log`} />
        <ForbiddenState message={t`Reading the audit log needs the admin role.`} />
      </div>
    );
  }
  return <AuditLog />;
}

/** Every write an operator sent through the console, newest first, filterable by operator and method. */
function AuditLog() {
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const { data: page, isFetching } = useSuspenseQuery(auditPageQueryOptions(auditQuery(search)));
  const onSearch = useCallback(
    (patch: Partial<AuditSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }) }),
    [navigate],
  );
  // Entries have no id; time+index is stable for a given page.
  const columns = auditColumns();
  const rows = page.entries.map((entry, index) => ({ ...entry, rowId: `${entry.time}#${index}` }));

  return (
    <div className="page">
      <PageHeader
        title={t`Audit log`}
        description={t`Every change an operator sent to the service through this console (creates, updates, deletes), newest first, with the service's answer. A change is recorded when it is sent, even if the browser leaves before the answer. Reads are not recorded; sign-ins through an identity provider are.`}
        actions={<TimeZoneToggle />}
      />
      <DataTable
        label={t`Audit log`}
        data={rows}
        columns={columns}
        getRowId={(r) => r.rowId}
        columnsKey="audit-log"
        isFetching={isFetching}
        toolbar={<AuditFilters search={search} onSearch={onSearch} />}
        pagination={{
          scope: `audit:${search.operator ?? ''}:${search.method ?? ''}`,
          noun: { count: (n) => plural(n, { one: '# entry', other: '# entries' }), plural: t`entries` },
          search,
          nextToken: page.nextCursor,
          onNavigate: onSearch,
          pageSizes: AUDIT_PAGE_SIZES,
        }}
        empty={<AuditEmpty search={search} />}
      />
    </div>
  );
}

/** The filters by operator and by method, and Clear filters while any is set. */
function AuditFilters({ search, onSearch }: { search: AuditSearch; onSearch: (patch: Partial<AuditSearch>) => void }) {
  const filtered = Boolean(search.operator || search.method);
  const onOperator = useCallback(
    (operator: string) => onSearch({ operator: operator.trim() || undefined, cursor: undefined }),
    [onSearch],
  );
  return (
    <>
      <SearchInput
        label={t`Filter by operator`}
        placeholder={t`Operator name`}
        value={search.operator ?? ''}
        onChange={onOperator}
      />
      <label className="row" style={{ gap: 6 }}>
        <span className="muted">
          <Trans>Method</Trans>
        </span>
        <select
          className="select"
          style={{ width: 'auto' }}
          value={search.method ?? ''}
          onChange={(e) =>
            onSearch({ method: (e.target.value || undefined) as AuditMethod | undefined, cursor: undefined })
          }
        >
          <option value="">{t`All writes`}</option>
          {AUDIT_METHODS.map((method) => {
            const action = i18n._(METHOD_WORDS[method]);
            return (
              <option key={method} value={method}>
                {t`${action} (${method})`}
              </option>
            );
          })}
        </select>
      </label>
      {filtered ? (
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => onSearch({ operator: undefined, method: undefined, cursor: undefined })}
        >
          <Trans>Clear filters</Trans>
        </button>
      ) : null}
    </>
  );
}

/** An empty page: what the filters looked for, or that nothing has been recorded yet. */
function AuditEmpty({ search }: { search: AuditSearch }) {
  if (!search.operator && !search.method)
    return (
      <EmptyState title={t`Nothing recorded yet`}>
        <Trans>
          Changes made through the console (creating a user, editing a model, deleting a document…) appear here with who
          made them and the service's answer.
        </Trans>
      </EmptyState>
    );
  const { operator, method } = search;
  return (
    <EmptyState title={t`No entries match these filters`}>
      {operator && method ? (
        <Trans>
          Nothing was recorded for operator <code>{operator}</code> with method <code>{method}</code>. Clear the filters
          to see every entry.
        </Trans>
      ) : operator ? (
        <Trans>
          Nothing was recorded for operator <code>{operator}</code>. Clear the filters to see every entry.
        </Trans>
      ) : (
        <Trans>
          Nothing was recorded for any operator with method <code>{method}</code>. Clear the filters to see every entry.
        </Trans>
      )}
    </EmptyState>
  );
}
