import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './helpers/a11y';
import { createDocument, newDatasetId } from './helpers/documents-api';
import type { Document, GroundTruthEntry } from '@/contract';
import { makeTextPdf, pdfPageMarker } from './helpers/document-fixtures';
import { selectTextOnPage, viewerPage, waitForPagePainted } from './helpers/viewer-checks';

const openDocument = (page: Page, doc: Document) => page.goto(`/documents/${encodeURIComponent(doc.documentId)}`);
const valueOf = (page: Page, label: string) => page.getByRole('textbox', { name: `Value of ${label}`, exact: true });

test.describe('documents list', () => {
  test('filters by dataset in the URL, sorts by created time, and passes axe', async ({ page, api, unique }) => {
    const datasetId = newDatasetId();
    const older = await createDocument(api, {
      bytes: await makeTextPdf(1),
      contentType: 'application/pdf',
      name: unique('list older'),
      datasetId,
    });
    const newer = await createDocument(api, {
      bytes: await makeTextPdf(1),
      contentType: 'application/pdf',
      name: unique('list newer'),
      datasetId,
      groundTruth: [
        { label: 'a', value: '1' },
        { label: 'b', value: '2' },
      ],
    });

    await page.goto('/documents');
    await page.getByLabel('Dataset', { exact: true }).fill(datasetId);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`datasetId=${encodeURIComponent(datasetId)}`));
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(newer.name!);
    await expect(rows.nth(1).getByRole('cell').nth(4)).toHaveText('2');
    await expect(rows.nth(2)).toContainText(older.name!);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Created' }).click();
    await expect(page).toHaveURL(/order=ascending/);
    await expect(rows.nth(1)).toContainText(older.name!);
    // The URL alone restores the view.
    await page.reload();
    await expect(rows.nth(1)).toContainText(older.name!);
    await expect(rows).toHaveCount(3);
  });

  test('several files dropped at once are uploaded with their detected types; a failed one is explained and retried', async ({
    page,
    api,
  }) => {
    const datasetId = newDatasetId();
    await page.goto(`/documents?datasetId=${encodeURIComponent(datasetId)}`);
    const pdf = Buffer.from(await makeTextPdf(1));
    // The first POST fails as a broken connection would; the retry goes through.
    let failOnce = true;
    await page.route('**/api/documents', async (route) => {
      if (route.request().method() === 'POST' && failOnce && route.request().postDataJSON()?.name === 'second.pdf') {
        failOnce = false;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    const drop = await page.evaluateHandle(
      ({ first, second }) => {
        const transfer = new DataTransfer();
        const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        // No declared type: the content type comes from the bytes.
        transfer.items.add(new File([bytes(first)], 'first.pdf', { type: '' }));
        transfer.items.add(new File([bytes(second)], 'second.pdf', { type: '' }));
        return transfer;
      },
      { first: pdf.toString('base64'), second: pdf.toString('base64') },
    );
    await page.getByTestId('upload-drop-zone').dispatchEvent('drop', { dataTransfer: drop });

    await expect(page.getByRole('listitem', { name: 'Upload of first.pdf' })).toContainText('Uploaded');
    const second = page.getByRole('listitem', { name: 'Upload of second.pdf' });
    await expect(second).toContainText('Failed');
    await expect(second.getByRole('alert')).toContainText('could not reach the console server');
    await second.getByRole('button', { name: 'Retry' }).click();
    await expect(second).toContainText('Uploaded');
    const listed = await api.get<{ documents: (Document & { contentType: string })[] }>(
      `/documents?datasetId=${encodeURIComponent(datasetId)}`,
    );
    expect(listed.documents.map((d) => [d.name, d.contentType]).sort()).toEqual([
      ['first.pdf', 'application/pdf'],
      ['second.pdf', 'application/pdf'],
    ]);
  });

  test('delete asks to type the name first', async ({ page, api, unique }) => {
    const datasetId = newDatasetId();
    const doc = await createDocument(api, {
      bytes: await makeTextPdf(1),
      contentType: 'application/pdf',
      name: unique('to delete'),
      datasetId,
    });
    await page.goto(`/documents?datasetId=${encodeURIComponent(datasetId)}`);
    await page.getByRole('button', { name: `Delete ${doc.name}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('button', { name: 'Delete document' })).toBeDisabled();
    await expectAccessible(page);
    await dialog.getByRole('textbox').fill(doc.name!);
    await dialog.getByRole('button', { name: 'Delete document' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No documents match these filters')).toBeVisible();
    const listed = await api.get<{ documents: Document[] }>(`/documents?datasetId=${encodeURIComponent(datasetId)}`);
    expect(listed.documents).toEqual([]);
  });
  test('several selected documents are deleted together after typing the count', async ({ page, api, unique }) => {
    const datasetId = newDatasetId();
    const docs = [
      await createDocument(api, {
        bytes: await makeTextPdf(1),
        contentType: 'application/pdf',
        name: unique('bulk a'),
        datasetId,
      }),
      await createDocument(api, {
        bytes: await makeTextPdf(1),
        contentType: 'application/pdf',
        name: unique('bulk b'),
        datasetId,
      }),
    ];
    await page.goto(`/documents?datasetId=${encodeURIComponent(datasetId)}`);
    await page.getByRole('checkbox', { name: 'Select all documents on this page' }).check();
    await page.getByRole('button', { name: 'Delete 2 documents' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(docs[0].name!);
    await dialog.getByRole('textbox').fill('delete 2');
    await dialog.getByRole('button', { name: 'Delete 2 documents' }).click();
    await expect(page.getByText('No documents match these filters')).toBeVisible();
    const listed = await api.get<{ documents: Document[] }>(`/documents?datasetId=${encodeURIComponent(datasetId)}`);
    expect(listed.documents).toEqual([]);
  });
});

test.describe('ground-truth editor', () => {
  test('selecting text on a page fills the focused field and records its page', async ({ page, api, unique }) => {
    const doc = await createDocument(api, {
      bytes: await makeTextPdf(3),
      contentType: 'application/pdf',
      name: unique('select'),
      groundTruth: [
        { label: 'title', value: 'Test document', pages: [0] },
        { label: 'reference', value: '' },
      ],
    });
    await openDocument(page, doc);
    await waitForPagePainted(page, 1);
    await valueOf(page, 'reference').focus();
    await expect(page.getByText('Select text on the page to fill reference.')).toBeVisible();
    await page.getByRole('textbox', { name: /Page number/ }).fill('2');
    await page.getByRole('textbox', { name: /Page number/ }).press('Enter');
    await viewerPage(page, 2)
      .locator('.textLayer span', { hasText: pdfPageMarker(2) })
      .waitFor();
    await selectTextOnPage(page, 2, pdfPageMarker(2));

    await expect(valueOf(page, 'reference')).toHaveValue(pdfPageMarker(2));
    await expect(page.getByRole('textbox', { name: 'Pages of reference' })).toHaveValue('2');
    await expect(page.getByText(`Filled reference with “${pdfPageMarker(2)}” from page 2.`)).toBeVisible();
    // With the raw value input focused, the selection fills the raw value instead.
    await page.getByRole('textbox', { name: 'Raw value of reference' }).focus();
    await expect(page.getByText('Select text on the page to fill the raw value of reference.')).toBeVisible();
    await selectTextOnPage(page, 2, pdfPageMarker(2));
    await expect(page.getByRole('textbox', { name: 'Raw value of reference' })).toHaveValue(pdfPageMarker(2));
    // The unsaved change is listed.
    await expect(page.getByText('Unsaved changes (1)')).toBeVisible();
    await page.keyboard.press('Control+s');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    const saved = await api.get<Document>(`/documents/${encodeURIComponent(doc.documentId)}`);
    expect(saved.groundTruth?.[1]).toEqual({
      label: 'reference',
      value: pdfPageMarker(2),
      rawValue: pdfPageMarker(2),
      pages: [1],
    });
  });

  test('focusing a field scrolls to its page and marks its value in the text layer', async ({ page, api, unique }) => {
    const doc = await createDocument(api, {
      bytes: await makeTextPdf(4),
      contentType: 'application/pdf',
      name: unique('highlight'),
      groundTruth: [
        { label: 'title', value: 'Test document' },
        { label: 'page_three', value: pdfPageMarker(3), pages: [2] },
      ],
    });
    await openDocument(page, doc);
    await waitForPagePainted(page, 1);
    await valueOf(page, 'page_three').focus();
    const mark = viewerPage(page, 3).locator('mark.dv-highlight');
    await expect(mark).toHaveText(pdfPageMarker(3));
    await expect(mark).toBeInViewport();
  });

  test('an edit saved and reloaded is identical; keyboard flow moves to the next field needing attention', async ({
    page,
    api,
    unique,
  }) => {
    const initial: GroundTruthEntry[] = [
      { label: 'invoice_number', value: 'INV-1', pages: [0], rawValue: 'INV-1', confidence: 0.97 },
      { label: 'total', value: '', pages: [], confidence: 0.3 },
      { label: 'currency', value: 'EUR', pages: [0], confidence: 0.95 },
      { label: 'obsolete', value: 'x' },
    ];
    const doc = await createDocument(api, {
      bytes: await makeTextPdf(2),
      contentType: 'application/pdf',
      name: unique('edit'),
      groundTruth: initial,
    });
    await openDocument(page, doc);
    await expect(page.getByText('1 needs attention')).toBeVisible();
    await expectAccessible(page);

    // Enter jumps from the first field to the next one that needs attention.
    await valueOf(page, 'invoice_number').focus();
    await page.keyboard.press('Enter');
    await expect(valueOf(page, 'total')).toBeFocused();
    await page.keyboard.type('1,234.56');
    await page.getByRole('textbox', { name: 'Raw value of total' }).fill('1.234,56');
    await page.getByRole('textbox', { name: 'Pages of total' }).fill('2');
    await page.getByRole('textbox', { name: 'Pages of total' }).press('Tab');
    await page.getByRole('button', { name: 'Remove obsolete' }).click();
    await page.getByRole('button', { name: 'Move currency up' }).click();
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('combobox', { name: 'Label of field 4' }).fill('due_date');
    await valueOf(page, 'due_date').fill('2025-01-31');

    const expected: GroundTruthEntry[] = [
      initial[0],
      { label: 'currency', value: 'EUR', pages: [0], confidence: 0.95 },
      { label: 'total', value: '1,234.56', rawValue: '1.234,56', pages: [1], confidence: 0.3 },
      { label: 'due_date', value: '2025-01-31', pages: [] },
    ];
    const changes = page.locator('.gt-changes');
    await expect(changes).toContainText('− obsolete');
    await expect(changes).toContainText('+ due_date');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

    const saved = await api.get<Document>(`/documents/${encodeURIComponent(doc.documentId)}`);
    expect(saved.groundTruth).toEqual(expected);
    await page.reload();
    await expect(valueOf(page, 'total')).toHaveValue('1,234.56');
    const shown = await page.locator('.gt-row').evaluateAll((rows) =>
      rows.map((row) => {
        const v = (f: string) => (row.querySelector(`input[data-field="${f}"]`) as HTMLInputElement).value;
        return [v('label'), v('value'), v('rawValue'), v('pages'), v('confidence')];
      }),
    );
    expect(shown).toEqual([
      ['invoice_number', 'INV-1', 'INV-1', '1', '0.97'],
      ['currency', 'EUR', '', '1', '0.95'],
      ['total', '1,234.56', '1.234,56', '2', '0.3'],
      ['due_date', '2025-01-31', '', '', ''],
    ]);
    await expect(page.getByText('No unsaved changes')).toBeVisible();
  });

  test('Add field puts the cursor in the new field’s label, on a document with no fields yet too', async ({
    page,
    api,
    unique,
  }) => {
    const doc = await createDocument(api, {
      bytes: await makeTextPdf(1),
      contentType: 'application/pdf',
      name: unique('first field'),
    });
    await openDocument(page, doc);
    await page.getByRole('button', { name: 'Add field' }).click();
    const label = page.getByRole('combobox', { name: 'Label of field 1' });
    await expect(label).toBeFocused();
    // What the operator types first is the field's name, not its value.
    await page.keyboard.type('due_date');
    await expect(label).toHaveValue('due_date');
    await expect(valueOf(page, 'due_date')).toHaveValue('');
    await page.getByRole('button', { name: 'Add field' }).click();
    await expect(page.getByRole('combobox', { name: 'Label of field 2' })).toBeFocused();
  });

  test('the guard stops navigation and reload with unsaved edits', async ({ page, api, unique }) => {
    const doc = await createDocument(api, {
      bytes: await makeTextPdf(1),
      contentType: 'application/pdf',
      name: unique('guard'),
      groundTruth: [{ label: 'total', value: '10' }],
    });
    await openDocument(page, doc);
    await valueOf(page, 'total').fill('11');
    await page.getByRole('link', { name: 'Models' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Discard unsaved changes?');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/documents/${encodeURIComponent(doc.documentId).replaceAll('%3A', '(%3A|:)')}`),
    );
    await expect(valueOf(page, 'total')).toHaveValue('11');

    const beforeUnload = page.waitForEvent('dialog');
    void page.reload().catch(() => undefined);
    const prompt = await beforeUnload;
    expect(prompt.type()).toBe('beforeunload');
    await prompt.dismiss();
    await expect(valueOf(page, 'total')).toHaveValue('11');

    // Leaving anyway discards the edit.
    await page.getByRole('link', { name: 'Models' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Leave and discard' }).click();
    await expect(page).toHaveURL(/\/models/);
    const stored = await api.get<Document>(`/documents/${encodeURIComponent(doc.documentId)}`);
    expect(stored.groundTruth).toEqual([{ label: 'total', value: '10' }]);
  });

  test('properties: retention outside 1…1825 is refused, a valid edit is saved', async ({ page, api, unique }) => {
    const doc = await createDocument(api, {
      bytes: await makeTextPdf(1),
      contentType: 'application/pdf',
      name: unique('props'),
    });
    await openDocument(page, doc);
    await page.getByRole('tab', { name: 'Properties' }).click();
    await page.getByLabel('Retention (days, 1–1,825)').fill('1826');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Retention must be a whole number of days from 1 to 1,825')).toBeVisible();
    await page.getByLabel('Retention (days, 1–1,825)').fill('365');
    await page.getByLabel('Description').fill('Checked by e2e');
    await page.getByLabel('Metadata (JSON object)').fill('{"source": "e2e"}');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    const stored = await api.get<Record<string, unknown>>(`/documents/${encodeURIComponent(doc.documentId)}`);
    expect(stored).toMatchObject({ retentionInDays: 365, description: 'Checked by e2e', metadata: { source: 'e2e' } });
  });
});

test('a viewer operator sees documents and ground truth read-only', async ({ viewerPage, api, unique }) => {
  const doc = await createDocument(api, {
    bytes: await makeTextPdf(1),
    contentType: 'application/pdf',
    name: unique('read only'),
    groundTruth: [{ label: 'total', value: '10' }],
  });
  await viewerPage.goto(`/documents/${encodeURIComponent(doc.documentId)}`);
  await expect(valueOf(viewerPage, 'total')).toHaveValue('10');
  await expect(valueOf(viewerPage, 'total')).not.toBeEditable();
  await expect(viewerPage.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: 'Add field' })).toHaveCount(0);
  await expect(
    viewerPage.getByText('Read only: your operator account can view ground truth but not change it.'),
  ).toBeVisible();
  await viewerPage.goto('/documents');
  await expect(viewerPage.getByRole('button', { name: 'Choose files' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: `Delete ${doc.name}` })).toHaveCount(0);
});
