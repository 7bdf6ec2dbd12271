/**
 * The ground-truth editor and its line-items grids from the keyboard, as a reviewer works: Enter goes to the next
 * value that needs attention, Alt+↓ moves a row, Add field puts the cursor in the new label, a cell typed into
 * becomes an entry of its line — and what the editor hands back to be saved is read after each step.
 * (Rendered without the router: the editor and its grids need none.)
 */
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@/i18n/i18n';
import type { GroundTruthEntry } from '@/contract';
import { GroundTruthEditor } from './ground-truth-editor';
import type { TableSpec } from './table-grid';
import { useGroundTruthDraft } from './use-ground-truth-draft';

function Editor({
  initial,
  tables = [],
  canWrite = true,
}: {
  initial: GroundTruthEntry[];
  tables?: TableSpec[];
  canWrite?: boolean;
}) {
  const draft = useGroundTruthDraft(initial);
  const [active, setActive] = useState<string | null>(null);
  return (
    <I18nProvider i18n={i18n}>
      <GroundTruthEditor
        draft={draft}
        activeKey={active}
        onActivate={(row) => setActive(row.key)}
        threshold={0.8}
        labelOptions={[]}
        tables={tables}
        canWrite={canWrite}
      />
      <output aria-label="To save">{JSON.stringify(draft.entries)}</output>
    </I18nProvider>
  );
}

/** What the editor would save: label = value, in order. */
const toSave = () =>
  (JSON.parse(screen.getByRole('status', { name: 'To save' }).textContent!) as GroundTruthEntry[]).map(
    (e) => `${e.label} = ${e.value}`,
  );

const INVOICE: GroundTruthEntry[] = [
  { label: 'invoice_number', value: 'INV-1', confidence: 0.95 },
  { label: 'date', value: '2026-03-01', confidence: 0.9 },
  { label: 'total', value: '12.50', confidence: 0.35 },
  { label: 'currency', value: '', confidence: 0.99 },
];

describe('GroundTruthEditor', () => {
  it('Enter goes to the next value that needs attention (low confidence, then empty), skipping confident ones', async () => {
    const user = userEvent.setup();
    render(<Editor initial={INVOICE} />);
    await user.click(screen.getByRole('textbox', { name: 'Value of invoice_number' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Value of total' })));
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Value of currency' })),
    );
    // Enter moves; it changes nothing.
    expect(toSave()).toEqual(['invoice_number = INV-1', 'date = 2026-03-01', 'total = 12.50', 'currency = ']);
  });

  it('edits a value, moves its row with Alt+↑ keeping the cursor in it, and lists the unsaved changes', async () => {
    const user = userEvent.setup();
    render(<Editor initial={INVOICE} />);
    const total = screen.getByRole('textbox', { name: 'Value of total' });
    await user.clear(total);
    await user.type(total, '13.00');
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(toSave()).toEqual(['invoice_number = INV-1', 'total = 13.00', 'date = 2026-03-01', 'currency = ']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Value of total' })));
    const changes = screen.getByText(/^Unsaved changes/).closest('details')!;
    expect(changes.querySelector('summary')!.textContent).toBe('Unsaved changes (3)');
    expect([...changes.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '~ total: value 12.50 → 13.00',
      '↕ total: position 3 → 2',
      '↕ date: position 2 → 3',
    ]);
  });

  it('Add field puts the cursor in the new field’s label; a viewer is offered nothing to change', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Editor initial={[]} />);
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Label of field 1' })),
    );
    await user.keyboard('po_number');
    expect(toSave()).toEqual(['po_number = ']);
    unmount();

    render(<Editor initial={INVOICE} canWrite={false} />);
    expect(screen.queryByRole('button', { name: 'Add field' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move|^Remove/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Value of total' })).toHaveProperty('readOnly', true);
  });
});

const LINES: TableSpec[] = [{ field: 'line_items', columns: ['description', 'amount'] }];
const TWO_LINES: GroundTruthEntry[] = [
  { label: 'invoice_number', value: 'INV-1' },
  { label: 'line_items.description', value: 'Widget' },
  { label: 'line_items.description', value: 'Gadget' },
  { label: 'line_items.amount', value: '4.00' },
];

describe('line-items grid (GroundTruthTable)', () => {
  it('shows each line as a row; typing into an empty cell makes an entry of that line, in its place', async () => {
    const user = userEvent.setup();
    render(<Editor initial={TWO_LINES} tables={LINES} />);
    const grid = screen.getByRole('table', { name: 'line_items: 2 rows' });
    expect(within(grid).getByRole('textbox', { name: 'line_items row 1 description' })).toHaveProperty(
      'value',
      'Widget',
    );
    expect(within(grid).getByRole('textbox', { name: 'line_items row 2 amount' })).toHaveProperty('value', '4.00');
    // The list above holds only what is not a cell.
    expect(within(screen.getByRole('list', { name: 'Ground-truth fields' })).getAllByRole('listitem')).toHaveLength(1);

    await user.type(within(grid).getByRole('textbox', { name: 'line_items row 1 amount' }), '9.50');
    expect(toSave()).toEqual([
      'invoice_number = INV-1',
      'line_items.description = Widget',
      'line_items.amount = 9.50',
      'line_items.description = Gadget',
      'line_items.amount = 4.00',
    ]);
  });

  it('moves a line with Alt+↓ and adds one with the cursor in its first cell', async () => {
    const user = userEvent.setup();
    render(
      <Editor
        initial={[
          { label: 'line_items.description', value: 'Widget' },
          { label: 'line_items.amount', value: '9.50' },
          { label: 'line_items.description', value: 'Gadget' },
          { label: 'line_items.amount', value: '4.00' },
        ]}
        tables={LINES}
      />,
    );
    await user.click(screen.getByRole('textbox', { name: 'line_items row 1 amount' }));
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(toSave()).toEqual([
      'line_items.description = Gadget',
      'line_items.amount = 4.00',
      'line_items.description = Widget',
      'line_items.amount = 9.50',
    ]);

    await user.click(screen.getByRole('button', { name: 'Add line_items row' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'line_items row 3 description' })),
    );
    await user.keyboard('Gizmo');
    expect(screen.getByRole('table', { name: 'line_items: 3 rows' })).toBeTruthy();
    expect(toSave().slice(4)).toEqual(['line_items.description = Gizmo', 'line_items.amount = ']);
  });
});
