import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Permission } from '@/contract';
import { actionWords, effectWords, resourceWords } from './permission-words';
import { TableScroll } from '@/components/table-scroll';

export function PermissionsTable({ permissions }: { permissions: Permission[] }) {
  if (permissions.length === 0)
    return (
      <p className="muted">
        <Trans>No permissions: holders of this role can do nothing.</Trans>
      </p>
    );
  return (
    <TableScroll label={t`Permissions table`}>
      <table className="table" aria-label={t`Permissions`}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Resource</Trans>
            </th>
            <th scope="col">
              <Trans>Effect</Trans>
            </th>
            <th scope="col">
              <Trans>Action</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {permissions.map((p, i) => (
            <tr key={`${p.resourceId}|${p.effect}|${p.action}|${i}`}>
              <td className="mono">{resourceWords(p.resourceId)}</td>
              <td>
                <span className={`badge ${p.effect === 'deny' ? 'badge--danger' : 'badge--success'}`}>
                  {effectWords(p.effect)}
                </span>
              </td>
              <td>{actionWords(p.action)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
