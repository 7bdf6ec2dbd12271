import type { ReactNode } from 'react';

/**
 * The small tables of runs beside a resource (a run's hook and action runs, an agent's recent runs): one look, the
 * column heads written once.
 */
export function RunSubrunsTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <table className="run-subruns">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
