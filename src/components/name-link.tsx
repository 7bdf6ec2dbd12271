/**
 * A list row's link to its resource, named by the resource's name: one line, cut with an ellipsis (the full name on
 * hover), and a muted stand-in ("Unnamed role") when it has none. The lists of roles, users and app clients share it.
 *
 *   <NameLink link={{ to: '/settings/roles/$roleId', params: { roleId: r.roleId } }} name={r.name}
 *     unnamed="Unnamed role" className="roles-name" />
 */
import type { ReactNode } from 'react';
import { Link, type RegisteredRouter, type ValidateLinkOptions } from '@tanstack/react-router';

interface NameLinkProps<TRouter extends RegisteredRouter = RegisteredRouter, TOptions = unknown> {
  /** Where the row leads, checked against the routes like a Link's own props. */
  link: ValidateLinkOptions<TRouter, TOptions>;
  name: string | null | undefined;
  /** Shown, muted, when the resource has no name. */
  unnamed: string;
  /** The list's own class for the link (its width). */
  className: string;
}

export function NameLink<TRouter extends RegisteredRouter, TOptions>(
  props: NameLinkProps<TRouter, TOptions>,
): ReactNode;
export function NameLink({ link, name, unnamed, className }: NameLinkProps) {
  return (
    <Link {...link} className={`truncate ${className}`} title={name ?? undefined}>
      {name || <span className="muted">{unnamed}</span>}
    </Link>
  );
}
