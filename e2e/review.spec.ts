import { expect, test } from './support/fixtures';
import { expectAccessible } from './helpers/a11y';
import { seedReviewQueue } from './helpers/review-queue';
import { reviewerName, signedInReviewer } from './helpers/review-team';
import type { AgentRun, Document, ValidationTask } from '@/contract';

const runPath = (run: AgentRun) => `/agents/${encodeURIComponent(run.agentId)}/runs/${encodeURIComponent(run.runId)}`;

test('the review flow takes a run, confirms corrections (task succeeded, run review-completed, ground truth saved) and opens the next', async ({
  page,
  api,
  unique,
}) => {
  const { agentId, validationId, runs } = await seedReviewQueue(api, unique('review'), 2);
  const [first, second] = runs;

  await page.goto(`/runs/review?agentId=${encodeURIComponent(agentId)}`);
  // The oldest waiting run opens, and taking it moves it to review-in-progress.
  await expect(page).toHaveURL(new RegExp(`runId=${encodeURIComponent(first.run.runId)}`));
  await expect(page.getByText('Run 1 of 2')).toBeVisible();
  await expect.poll(async () => (await api.get<AgentRun>(runPath(first.run))).status).toBe('review-in-progress');
  const variables = await api.get<{ validationTaskId: string }>(`${runPath(first.run)}/variables`);
  const taskPath = `/validations/${encodeURIComponent(validationId)}/tasks/${encodeURIComponent(variables.validationTaskId)}`;
  expect((await api.get<ValidationTask>(taskPath)).status).toBe('in-progress');

  // Prefilled from the task's predictions; the validation's threshold (0.99) marks both as needing attention.
  const total = page.getByRole('textbox', { name: 'Value of total_amount', exact: true });
  await expect(total).toHaveValue('100.00');
  await expect(page.getByText('2 need attention')).toBeVisible();
  await expectAccessible(page);
  await total.fill('123.45');
  await expect(page.getByText('1 correction')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();

  // The next run opens: "2 of 2".
  await expect(page).toHaveURL(new RegExp(`runId=${encodeURIComponent(second.run.runId)}`));
  await expect(page.getByText('Run 2 of 2')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Value of total_amount', exact: true })).toHaveValue('200.00');

  // Written in the background while the next run is on screen.
  await expect.poll(async () => (await api.get<AgentRun>(runPath(first.run))).status).toBe('review-completed');
  const task = await api.get<ValidationTask>(taskPath);
  expect(task.status).toBe('succeeded');
  const corrected = [
    { label: 'invoice_number', value: 'INV-1', rawValue: 'INV-1', pages: [0], confidence: 0.5 },
    { label: 'total_amount', value: '123.45', rawValue: '100.00', pages: [0], confidence: 0.6 },
  ];
  // Field order follows the model's fieldConfig as the service returns it; compare by label.
  const byLabel = (entries: unknown[] | null | undefined) =>
    [...(entries ?? [])].sort((a, b) =>
      String((a as { label: string }).label).localeCompare((b as { label: string }).label),
    );
  expect(byLabel(task.output?.groundTruth as unknown[] | undefined)).toEqual(corrected);
  const documentPath = `/documents/${encodeURIComponent(first.document.documentId)}`;
  await expect.poll(async () => (await api.get<Document>(documentPath)).groundTruth).toEqual(task.output?.groundTruth);

  // Skip hands the second run back to the queue.
  await expect.poll(async () => (await api.get<AgentRun>(runPath(second.run))).status).toBe('review-in-progress');
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect.poll(async () => (await api.get<AgentRun>(runPath(second.run))).status).toBe('ready-for-review');
});

test('a confirmation the service refuses says so, and the run opens again with the corrections', async ({
  page,
  api,
  unique,
}) => {
  const { agentId, validationId, runs } = await seedReviewQueue(api, unique('refused'), 2);
  const [first, second] = runs;
  await page.goto(`/runs/review?agentId=${encodeURIComponent(agentId)}&runId=${encodeURIComponent(first.run.runId)}`);
  await expect.poll(async () => (await api.get<AgentRun>(runPath(first.run))).status).toBe('review-in-progress');
  const total = page.getByRole('textbox', { name: 'Value of total_amount', exact: true });
  await total.fill('999.00');
  // Meanwhile the run is handed back to the queue from elsewhere: completing its task is now refused (409).
  const variables = await api.get<{ validationTaskId: string }>(`${runPath(first.run)}/variables`);
  const taskPath = `/validations/${encodeURIComponent(validationId)}/tasks/${encodeURIComponent(variables.validationTaskId)}`;
  await api.patch(taskPath, { status: 'ready' });

  await page.getByRole('button', { name: 'Confirm' }).click();
  // The reviewer is on the next run at once; the refusal arrives as a toast that stays.
  await expect(page).toHaveURL(new RegExp(`runId=${encodeURIComponent(second.run.runId)}`));
  const toast = page.getByRole('listitem').filter({ hasText: 'was not confirmed' });
  await expect(toast).toContainText(first.run.runId.slice(-8));
  await toast.getByRole('button', { name: 'Open it again' }).click();

  await expect(page).toHaveURL(new RegExp(`runId=${encodeURIComponent(first.run.runId)}`));
  await expect(total).toHaveValue('999.00');
  await expect.poll(async () => (await api.get<AgentRun>(runPath(first.run))).status).toBe('review-in-progress');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect
    .poll(async () => {
      const task = await api.get<ValidationTask>(taskPath);
      const entries = (task.output?.groundTruth ?? []) as { label: string; value: string }[];
      return [task.status, entries.find((entry) => entry.label === 'total_amount')?.value];
    })
    .toEqual(['succeeded', '999.00']);
});

test('a run another reviewer holds is not reviewed twice: it says who has it', async ({
  page,
  browser,
  api,
  unique,
}) => {
  const { agentId, validationId, runs } = await seedReviewQueue(api, unique('held'), 1);
  const [only] = runs;
  const variables = await api.get<{ validationTaskId: string }>(`${runPath(only.run)}/variables`);
  const url = `/runs/review?agentId=${encodeURIComponent(agentId)}&runId=${encodeURIComponent(only.run.runId)}`;
  await page.goto(url);
  await expect(page.getByText('Run 1 of 1')).toBeVisible();
  // A second reviewer, in a browser of their own, cannot take it and is told by whom it is held.
  const other = await signedInReviewer(browser, reviewerName('second', unique));
  await other.page.goto(url);
  await expect(other.page.getByRole('heading', { name: 'e2e-admin is reviewing this run' })).toBeVisible();
  await expect(other.page.getByText(/Held by e2e-admin since \d\d:\d\d/)).toBeVisible();
  await expect(other.page.getByRole('button', { name: 'Take it over' })).toHaveCount(0);
  await other.context.close();
  const task = await api.get<ValidationTask>(
    `/validations/${encodeURIComponent(validationId)}/tasks/${encodeURIComponent(variables.validationTaskId)}`,
  );
  expect(task.status).toBe('in-progress');
});

test('a run taken outside this console is listed in review and not opened over it', async ({ page, api, unique }) => {
  const { agentId, validationId, runs } = await seedReviewQueue(api, unique('left'), 2);
  const [left, waiting] = runs;
  // Another client of the service took the first run's task.
  const variables = await api.get<{ validationTaskId: string }>(`${runPath(left.run)}/variables`);
  await api.patch(
    `/validations/${encodeURIComponent(validationId)}/tasks/${encodeURIComponent(variables.validationTaskId)}`,
    { status: 'in-progress' },
  );

  await page.goto(`/runs/review?agentId=${encodeURIComponent(agentId)}`);
  await expect(page).toHaveURL(new RegExp(`runId=${encodeURIComponent(waiting.run.runId)}`));
  const queue = page.getByRole('navigation', { name: 'Review queue' });
  await expect(queue.getByText('1 in review')).toBeVisible();
  const held = queue.getByRole('link', { name: /Outside this console.*since \d\d:\d\d/ });
  await expect(held).toBeVisible();
  await expectAccessible(page);

  await held.click();
  await expect(page.getByRole('heading', { name: 'Another reviewer is reviewing this run' })).toBeVisible();
  await expect(page.getByText(/Taken outside this console since \d\d:\d\d/)).toBeVisible();
});
