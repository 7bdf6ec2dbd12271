import type { ReactElement } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Trans } from '@lingui/react/macro';
import { IconCheck } from '@/components/icons';

/** The table's "Columns" picker: a checkbox per hideable column; the menu stays open while toggling. */
export interface ColumnChoice {
  id: string;
  label: string;
  visible: boolean;
  setVisible: (visible: boolean) => void;
}

export function ColumnsMenu({ columns, trigger }: { columns: ColumnChoice[]; trigger: ReactElement }) {
  // Not modal, and drawn in place (no portal): a menu leaves the page around it as it is — nothing hidden from
  // assistive technology while focus can still reach it — and stays inside its landmark (ARIA menu pattern).
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
        <DropdownMenu.Label className="menu__label">
          <Trans>Show columns</Trans>
        </DropdownMenu.Label>
        {columns.map((column) => (
          <DropdownMenu.CheckboxItem
            key={column.id}
            className="menu__item"
            checked={column.visible}
            onCheckedChange={(checked) => column.setVisible(Boolean(checked))}
            onSelect={(e) => e.preventDefault()}
          >
            <span className="menu__item-indicator">
              <DropdownMenu.ItemIndicator>
                <IconCheck size={14} />
              </DropdownMenu.ItemIndicator>
            </span>
            {column.label}
          </DropdownMenu.CheckboxItem>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
