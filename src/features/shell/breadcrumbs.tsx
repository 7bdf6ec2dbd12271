import { Link, useMatches } from '@tanstack/react-router';
import type { MessageDescriptor } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { i18n } from '@/i18n/i18n';

/** A route's crumb: a message (`msg\`Users\``), translated here, or a plain string. */
function crumbText(crumb: unknown): string | undefined {
  if (typeof crumb === 'string') return crumb || undefined;
  if (crumb && typeof crumb === 'object' && 'id' in crumb) return i18n._(crumb as MessageDescriptor);
  return undefined;
}

/**
 * Breadcrumbs from the matched routes: each route names itself with `staticData: { crumb: 'Users' }`, and a detail
 * route's loader may return `{ crumb: user.name }` to show the resource's name instead.
 */
export function Breadcrumbs() {
  const matches = useMatches();
  const crumbs = matches.flatMap((match) => {
    const fromLoader = (match.loaderData as { crumb?: unknown } | undefined)?.crumb;
    const label = typeof fromLoader === 'string' && fromLoader ? fromLoader : crumbText(match.staticData?.crumb);
    return label ? [{ id: match.id, label, pathname: match.pathname }] : [];
  });
  // "Settings / Users / Ann": the same pathname twice (index routes) collapses into one crumb.
  const unique = crumbs.filter((crumb, index) => crumbs.findIndex((c) => c.pathname === crumb.pathname) === index);
  if (unique.length === 0) return null;
  return (
    <nav aria-label={t`Breadcrumb`} className="breadcrumbs">
      <ol>
        {unique.map((crumb, index) => {
          const last = index === unique.length - 1;
          return (
            <li key={crumb.id}>
              {last ? (
                <span aria-current="page" title={crumb.label}>
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.pathname} title={crumb.label}>
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
