/**
 * `npm run bench -- review-team` (issue 36): a team sharing one review queue, in Chromium against the real BFF and
 * embedded service. One reviewer drains a queue of 40 runs; then four reviewers, each an operator account of their
 * own in a browser context of their own, drain another queue of 40 together. Each reviewer reads a run for a moment
 * (as a person would) and confirms it.
 * Prints runs per minute side by side (aim: four reviewers ≥ 3.5× one), Confirm → the next run's page 1 and fields
 * on screen per round (median and p90, timed in the page; aim with four on one queue: ≤ 200 ms), how many times any reviewer met a run
 * another held or had finished (a take answered 409, or a screen saying so; aim: 0), and checks that every run was
 * reviewed exactly once. Beside them, the machine's floor for four: the same four reviewers each on a queue of their
 * own (nothing shared), so what sharing costs is told apart from what four browsers on this machine cost.
 * Run alone with `npx tsx scripts/bench/review-team.ts`.
 */
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../e2e/support/chromium';
import { makeTextPdf } from '../../e2e/helpers/document-fixtures';
import { FileOperatorAccounts } from '../../src/server/bff/sessions/operator-accounts';
import {
  openSignedInConsole,
  percentile,
  progressOf,
  startBenchService,
  type BenchService,
  type SignedInConsole,
} from './support/console-harness';
import { timeUntilShown } from './support/review-screen';

const QUEUE = 40;
const TEAM = 4;
/** How long a reviewer looks at a run before confirming it. */
const READING_MS = 1000;
const PASSWORD = 'bench-reviewer-password';

const progress = progressOf('review-team');

/** A queue's runs, and the invoice number each run's document shows (how the screen is known to show that run). */
type Queue = { agentId: string; runIds: string[]; values: Record<string, string> };

/** An agent whose validation sends every run to a person, with `size` runs waiting. */
async function queue(service: BenchService, name: string, size: number): Promise<Queue> {
  const { call } = service;
  const model = await call<{ modelId: string }>('POST', '/models', {
    name: `${name} model`,
    fieldConfig: { invoice_number: { type: 'string' }, total_amount: { type: 'amount' } },
  });
  const validation = await call<{ validationId: string }>('POST', '/validations', {
    name: `${name} validation`,
    config: { rules: [{ type: 'confidenceThreshold', threshold: 0.99 }] },
  });
  const { agentId } = await call<{ agentId: string }>('POST', '/agents', {
    name,
    resourceIds: [model.modelId, validation.validationId],
  });
  const pdf = Buffer.from(await makeTextPdf(1)).toString('base64');
  const runIds: string[] = [];
  const values: Record<string, string> = {};
  for (let i = 1; i <= size; i++) {
    const { documentId } = await call<{ documentId: string }>('POST', '/documents', {
      content: pdf,
      contentType: 'application/pdf',
      name: `${name} ${i}.pdf`,
      groundTruth: [
        { label: 'invoice_number', value: `INV-${i}`, pages: [0], confidence: 0.5 },
        { label: 'total_amount', value: `${i}00.00`, pages: [0], confidence: 0.6 },
      ],
    });
    const run = await call<{ runId: string }>('POST', `/agents/${encodeURIComponent(agentId)}/runs`, { documentId });
    runIds.push(run.runId);
    values[run.runId] = `INV-${i}`;
  }
  return { agentId, runIds, values };
}

interface Sitting {
  reviewed: string[];
  /** Takes answered 409 and screens saying another reviewer has the run or it was reviewed already. */
  metTaken: number;
  /** Each Confirm that led to another run: ms from the click to that run's page 1 and fields on screen. */
  confirmToNext: number[];
}

/** One reviewer's sitting: Confirm after Confirm until the queue is done for them. */
async function drain(page: Page, origin: string, { agentId, values }: Queue): Promise<Sitting> {
  const sitting: Sitting = { reviewed: [], metTaken: 0, confirmToNext: [] };
  page.on('response', (response) => {
    if (response.url().endsWith('/bff/review/holds') && response.status() === 409) sitting.metTaken++;
  });
  await page.goto(`${origin}/runs/review?agentId=${encodeURIComponent(agentId)}`);
  const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
  const end = page.getByRole('heading', { name: /^(All done|No runs wait for review)/ });
  const refused = page.getByRole('heading', { name: /reviewing this run|already reviewed/ });
  for (;;) {
    await confirm.or(end).or(refused).first().waitFor({ timeout: 60_000 });
    if (await end.isVisible()) return sitting;
    if (await refused.isVisible()) {
      sitting.metTaken++;
      await page.getByRole('button', { name: 'Open the next run' }).click();
      continue;
    }
    const runId = new URL(page.url()).searchParams.get('runId')!;
    await page.waitForTimeout(READING_MS);
    const steps = await timeUntilShown(page, { leaving: runId, values }, () => confirm.click(), end.or(refused));
    sitting.reviewed.push(runId);
    if (steps) sitting.confirmToNext.push(steps.shown);
  }
}

/** Reviewers in contexts of their own, each an operator account of the BFF, signed in with the password form. */
async function team(browser: Browser, signedIn: SignedInConsole, size: number) {
  const accounts = new FileOperatorAccounts(signedIn.bffDataDir);
  const pages: Page[] = [];
  for (let i = 0; i < size; i++) {
    const name = `bench-reviewer-${i + 1}`;
    await accounts.add(name, 'reviewer', PASSWORD);
    // bypassCSP: the Confirm → next timing is a snippet evaluated in the page (support/review-screen.ts).
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const answer = await context.request.post(`${signedIn.origin}/bff/login`, {
      headers: { 'X-CSRF': '1', 'Content-Type': 'application/json' },
      data: JSON.stringify({ name, password: PASSWORD }),
    });
    if (!answer.ok()) throw new Error(`sign-in of ${name}: ${answer.status()}`);
    pages.push(await context.newPage());
  }
  return pages;
}

interface Round {
  label: string;
  reviewers: number;
  runsPerMinute: number;
  metTaken: number;
  reviewedTwice: number;
  missed: number;
  /** Confirm → next run on screen, over every reviewer's confirms: median and p90, ms. */
  confirmToNext: { median: number; p90: number; samples: number };
}

/** The reviewers drain the queues, one each (`queues` as long as `pages`) or all the same one. */
async function round(pages: Page[], origin: string, queues: Queue[], label: string) {
  const runIds = [...new Set(queues.flatMap((q) => q.runIds))];
  const started = performance.now();
  const sittings = await Promise.all(pages.map((page, i) => drain(page, origin, queues[i] ?? queues[0])));
  const minutes = (performance.now() - started) / 60_000;
  const reviewed = sittings.flatMap((s) => s.reviewed);
  const confirmToNext = sittings.flatMap((s) => s.confirmToNext);
  const result: Round = {
    label,
    reviewers: pages.length,
    runsPerMinute: reviewed.length / minutes,
    metTaken: sittings.reduce((sum, s) => sum + s.metTaken, 0),
    reviewedTwice: reviewed.length - new Set(reviewed).size,
    missed: runIds.filter((runId) => !reviewed.includes(runId)).length,
    confirmToNext: {
      median: percentile(confirmToNext, 0.5),
      p90: percentile(confirmToNext, 0.9),
      samples: confirmToNext.length,
    },
  };
  progress(JSON.stringify(result));
  return result;
}

async function measure(): Promise<{ rounds: Round[]; chromium: string }> {
  const service = await startBenchService('review-team');
  const browser = await launchChromium();
  let signedIn: SignedInConsole | undefined;
  try {
    const solo = await queue(service, 'Bench solo', QUEUE);
    const shared = await queue(service, 'Bench team', QUEUE);
    const own: Queue[] = [];
    for (let i = 1; i <= TEAM; i++) own.push(await queue(service, `Bench own ${i}`, QUEUE / TEAM));
    progress(`queues ready`);
    signedIn = await openSignedInConsole(browser, service, 'review-team');
    const pages = await team(browser, signedIn, TEAM);
    const rounds = [
      await round(pages.slice(0, 1), signedIn.origin, [solo], '1 reviewer, one queue'),
      await round(pages, signedIn.origin, [shared], `${TEAM} reviewers, one shared queue`),
      await round(pages, signedIn.origin, own, `${TEAM} reviewers, a queue each (floor)`),
    ];
    return { rounds, chromium: browser.version() };
  } finally {
    await signedIn?.close();
    await browser.close();
    await service.close();
  }
}

export default async function reviewTeamBench(): Promise<void> {
  const { rounds, chromium } = await measure();
  console.log(
    `Review as a team: ${QUEUE} runs per queue, ${READING_MS} ms reading each (Chromium ${chromium}, BFF + embedded service on PGlite, loopback)`,
  );
  for (const r of rounds) {
    console.log(
      `${r.label.padEnd(36)}${r.runsPerMinute.toFixed(1).padStart(6)} runs/min   Confirm → next run on screen median ${r.confirmToNext.median} ms, p90 ${r.confirmToNext.p90} ms (${r.confirmToNext.samples} confirms)   met a taken run ${r.metTaken}   reviewed twice ${r.reviewedTwice}   left unreviewed ${r.missed}`,
    );
  }
  const [one, shared, floor] = rounds;
  console.log(
    `${TEAM} reviewers on one queue vs 1: ${(shared.runsPerMinute / one.runsPerMinute).toFixed(2)}× (aim ≥ 3.5×; ` +
      `the floor, ${TEAM} on queues of their own: ${(floor.runsPerMinute / one.runsPerMinute).toFixed(2)}×); ` +
      `met a taken run: ${shared.metTaken} (aim 0); Confirm → next run on screen with ${TEAM} reviewers on one queue: ` +
      `median ${shared.confirmToNext.median} ms (aim ≤ 200 ms; one reviewer alone: ${one.confirmToNext.median} ms)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await reviewTeamBench();
  process.exit(0);
}
