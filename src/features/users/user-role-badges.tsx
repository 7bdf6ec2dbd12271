import { Trans } from '@lingui/react/macro';
/** A user's roles as badges with their names (the id where the role is unknown), or `None`. */
export function UserRoleBadges({
  roleIds,
  roleNames,
  noneClassName = 'muted',
}: {
  roleIds: string[] | null | undefined;
  roleNames: Map<string, string>;
  noneClassName?: string;
}) {
  if (!roleIds?.length)
    return (
      <span className={noneClassName}>
        <Trans>None</Trans>
      </span>
    );
  return (
    <span className="users-roles">
      {roleIds.map((id) => (
        <span key={id} className="badge badge--outline">
          {roleNames.get(id) ?? id}
        </span>
      ))}
    </span>
  );
}
