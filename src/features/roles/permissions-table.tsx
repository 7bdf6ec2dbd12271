import type { Permission } from '@/contract';
import { TableScroll } from '@/components/table-scroll';

export function PermissionsTable({ permissions }: { permissions: Permission[] }) {
  if (permissions.length === 0) return <p className="muted">No permissions: holders of this role can do nothing.</p>;
  return (
    <TableScroll label="Permissions table">
      <table className="table" aria-label="Permissions">
        <thead>
          <tr>
            <th scope="col">Resource</th>
            <th scope="col">Effect</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {permissions.map((p, i) => (
            <tr key={`${p.resourceId}|${p.effect}|${p.action}|${i}`}>
              <td className="mono">{p.resourceId === '*' ? '* (every resource family)' : p.resourceId}</td>
              <td>
                <span className={`badge ${p.effect === 'deny' ? 'badge--danger' : 'badge--success'}`}>
                  {p.effect === 'deny' ? 'Deny' : 'Allow'}
                </span>
              </td>
              <td className="mono">{p.action === '*' ? '* (any action)' : p.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
