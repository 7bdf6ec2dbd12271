import { describe, expect, it } from 'vitest';
import {
  configToDrafts,
  draftsToConfig,
  isSerialisable,
  move,
  toFieldConfig,
  validateDrafts,
  withSetting,
  withType,
  type FieldDraft,
} from './field-drafts';

const config = {
  invoice_number: { type: 'string', description: 'Number', maxLength: 64 },
  currency: { type: 'enum', enum: ['USD', 'EUR'], nullable: true },
  line_items: {
    type: 'table',
    fields: { description: { type: 'string' }, amount: { type: 'amount', format: '0.00' } },
  },
};

function draftsOf(value: unknown): FieldDraft[] {
  const result = configToDrafts(value);
  if ('error' in result) throw new Error(result.error);
  return result.drafts;
}

describe('field drafts', () => {
  it('round-trips a config with nested columns, keeping key order', () => {
    const drafts = draftsOf(config);
    expect(drafts.map((d) => d.name)).toEqual(['invoice_number', 'currency', 'line_items']);
    expect(JSON.stringify(draftsToConfig(drafts))).toBe(JSON.stringify(config));
    expect(toFieldConfig(drafts)).toEqual(config);
  });

  it('keeps unknown settings and reports them instead of dropping them', () => {
    const drafts = draftsOf({ total: { type: 'amount', colour: 'red' } });
    expect(draftsToConfig(drafts)).toEqual({ total: { type: 'amount', colour: 'red' } });
    const { byKey, count } = validateDrafts(drafts);
    expect(count).toBe(1);
    expect(byKey.get(drafts[0].key)?.other).toEqual(['colour is not an allowed setting']);
  });

  it('refuses shapes the structured view cannot hold', () => {
    expect(configToDrafts([])).toEqual({ error: 'fieldConfig must be a JSON object of fields' });
    expect(configToDrafts({ a: 'string' })).toEqual({ error: 'a must be an object such as {"type": "string"}' });
    expect(configToDrafts({ t: { type: 'table', fields: [] } })).toEqual({
      error: 't.fields must be an object of columns',
    });
  });

  it('reports invalid and duplicate names, enum without values, out-of-range maxLength, columns on scalars', () => {
    const drafts = draftsOf(config);
    drafts[0] = { ...withSetting(drafts[0], 'maxLength', 0), name: 'Invoice No' };
    drafts[1] = withSetting(drafts[1], 'enum', []);
    drafts[2] = { ...drafts[2], columns: [drafts[2].columns![0], { ...drafts[2].columns![1], name: 'description' }] };
    drafts.push({ key: 'x', name: 'currency', spec: { type: 'string' }, columns: [] });
    const { byKey, count } = validateDrafts(drafts);
    expect(byKey.get(drafts[0].key)?.name).toMatch(/^Name must be snake_case/);
    expect(byKey.get(drafts[0].key)?.settings.maxLength).toBe('must be an integer from 1 to 4096');
    expect(byKey.get(drafts[1].key)?.settings.enum).toBe('must list at least one value for an enum field');
    expect(byKey.get(drafts[1].key)?.name).toBe('Name "currency" is used by another field');
    const columnErrors = [...byKey.get(drafts[2].key)!.columns.values()];
    expect(columnErrors.map((e) => e.name)).toEqual([
      'Name "description" is used by another field',
      'Name "description" is used by another field',
    ]);
    expect(byKey.get('x')?.settings.fields).toBe('is only allowed on lines and table fields');
    expect(count).toBe(8);
    expect(isSerialisable(drafts)).toBe(false);
    expect(toFieldConfig(drafts)).toBeUndefined();
  });

  it('gives a table a starter column and keeps settings across type changes', () => {
    const [draft] = draftsOf({ amount: { type: 'number', description: 'Total' } });
    const table = withType(draft, 'table', true);
    expect(table.columns?.map((c) => c.name)).toEqual(['column_1']);
    expect(table.spec.description).toBe('Total');
    expect(validateDrafts([table]).count).toBe(0);
    expect(validateDrafts([withType(draft, 'enum', true)]).count).toBe(1);
  });

  it('moves items and ignores moves past the ends', () => {
    expect(move(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
