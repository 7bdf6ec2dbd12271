/**
 * The runs page of one agent, in Chromium against the real BFF and embedded service:
 * - time from navigation to the first rendered runs table (default page of 50, and the largest page of 1,000 rows);
 * - time until every tab count is shown (one call to the count extension, docs/run-counts.md);
 * - DOM rows in the table while scrolling the 1,000-row page top to bottom (virtualized: should stay bounded).
 * All at 10,000 and at 1,000,000 runs, side by side. The runs are written straight into the service's storage with one
 * INSERT … SELECT (copies of a run stored as the run engine stores it), so set-up does not go through the API;
 * everything the page does goes through the BFF and the service's HTTP API.
 * Aims: first table and tab counts ≤ 500 ms at 1,000,000 runs (issue 14); DOM rows bounded.
 * Run alone with `npx tsx scripts/bench/runs-table.ts`, or as part of `npm run bench`.
 */
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { AGENT_RUN_STATUSES, type AgentRunStatus } from '../../src/contract';
import { sql } from 'drizzle-orm';
import { agentRunsRepo, type StoredAgentRun } from '../../src/server/service/storage/repositories/agent-runs';
import { launchChromium } from '../../e2e/support/chromium';
import {
  median,
  openSignedInConsole,
  progressOf,
  startBenchService,
  type SignedInConsole,
} from './support/console-harness';

/** Runs in the bench agent, measured one after the other in fresh data dirs and printed side by side. */
const SIZES = [10_000, 1_000_000];

const progress = progressOf('runs-table');

/** Milliseconds from navigation start until `selector` is in the DOM (measured by the page's own clock). */
async function timeTo(page: Page, url: string, selector: string): Promise<number> {
  await page.goto('about:blank');
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector(selector, { timeout: 60_000 });
  return Date.now() - started;
}

interface Figures {
  runs: number;
  seedSeconds: number;
  first50: number[];
  first1000: number[];
  countsMs: number;
  /** From a click in the sidebar (the console already running) to the first row, and to the All tab's count. */
  inAppFirst: number[];
  inAppCounts: number[];
  domRows: { virtual: boolean; min: number; max: number; steps: number; reachedEnd: boolean };
  chromium: string;
}

async function measure(runs: number): Promise<Figures> {
  const service = await startBenchService('runs-table');
  const browser = await launchChromium();
  let signedIn: SignedInConsole | undefined;
  try {
    const { call, publicBaseUrl } = service;
    const { organizationId } = await call<{ organizationId: string }>('GET', '/organizations/me');
    const { agentId } = await call<{ agentId: string }>('POST', '/agents', {
      name: 'Bench agent',
      description: '10,000 runs',
    });
    const { documentId } = await call<{ documentId: string }>('POST', '/documents', {
      content: Buffer.from('%PDF-1.4 bench').toString('base64'),
      contentType: 'application/pdf',
      name: 'bench invoice.pdf',
    });

    // One run written as the run engine stores it is the template; the rest are copies made by one INSERT … SELECT
    // over generate_series (a second apart, statuses spread over all eleven), then the table is analyzed.
    const base = Date.parse('2026-01-01T00:00:00Z');
    const statuses = AGENT_RUN_STATUSES as readonly AgentRunStatus[];
    const TEMPLATE_TIME = '2000-01-01T00:00:00.000000Z'; // replaced by each copy's own time
    const template: StoredAgentRun = {
      agentId,
      runId: 'svc:run:__RUN__',
      id: `${agentId}/svc:run:__RUN__`,
      status: '__STATUS__',
      variablesFileUrl: `${publicBaseUrl}/agents/${agentId}/runs/svc:run:__RUN__/variables`,
      events: [
        { type: 'run-started', status: 'running', time: TEMPLATE_TIME, by: 'bench' },
        { type: '__STATUS__', status: '__STATUS__', time: TEMPLATE_TIME, by: 'bench' },
      ],
      resourceIds: [documentId],
      createdTime: TEMPLATE_TIME,
      updatedTime: TEMPLATE_TIME,
      createdBy: 'bench',
      updatedBy: 'bench',
      internal: {
        documentId,
        modelId: null,
        validationId: null,
        taskId: null,
        variables: {},
        predictions: [],
        review: null,
      },
    } as unknown as StoredAgentRun;
    const { store } = service.app.context;
    const seedStarted = Date.now();
    await agentRunsRepo.create(store.db, organizationId, template);
    const statusArray = sql.raw(`ARRAY[${statuses.map((s) => `'${s}'`).join(',')}]`);
    await store.db.execute(sql`
      WITH template AS (SELECT data::text AS text FROM agent_runs WHERE organization_id = ${organizationId} AND id = 'svc:run:__RUN__'),
           made AS (
             SELECT lpad(to_hex(g), 32, '0') AS hex,
                    (${statusArray})[1 + (g - 1) % ${sql.raw(String(statuses.length))}] AS status,
                    to_timestamp(${sql.raw(String(base / 1000))} + g - 1) AS time
               FROM generate_series(1, ${sql.raw(String(runs))}) AS g)
      INSERT INTO agent_runs (organization_id, id, created_time, updated_time, data, agent_id, status)
      SELECT ${organizationId}, 'svc:run:' || hex, time, time,
             replace(replace(replace(template.text, '__RUN__', hex), '__STATUS__', status),
                     ${TEMPLATE_TIME}, to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::json,
             ${agentId}, status
        FROM made, template`);
    await store.db.execute(
      sql`DELETE FROM agent_runs WHERE organization_id = ${organizationId} AND id = 'svc:run:__RUN__'`,
    );
    await store.db.execute(sql`VACUUM ANALYZE agent_runs`);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    progress(`${runs.toLocaleString('en')} runs stored in ${seedSeconds.toFixed(1)} s`);

    signedIn = await openSignedInConsole(browser, service, 'runs-table');
    const { origin, page } = signedIn;

    const agentParam = encodeURIComponent(agentId);
    const firstRow = 'table[aria-label^="Runs"] tbody tr[data-row-id]';
    // Warm the HTTP cache of the built assets once, as an operator's second visit would have it.
    await timeTo(page, `${origin}/runs?agent=${agentParam}`, firstRow);
    const samples50: number[] = [];
    for (let i = 0; i < 5; i++) samples50.push(await timeTo(page, `${origin}/runs?agent=${agentParam}`, firstRow));
    const samples1000: number[] = [];
    for (let i = 0; i < 3; i++)
      samples1000.push(await timeTo(page, `${origin}/runs?agent=${agentParam}&pageSize=1000`, firstRow));

    // Counts: the All tab's count reads the number of non-archived runs once every page is tallied.
    const expectedAll = Array.from({ length: runs }, (_, i) => statuses[i % statuses.length]).filter(
      (s) => s !== 'archived',
    ).length;
    await page.goto('about:blank');
    const countsStarted = Date.now();
    await page.goto(`${origin}/runs?agent=${agentParam}`, { waitUntil: 'commit' });
    await page.waitForFunction(
      `document.querySelector('[data-tab="all"]')?.textContent?.replace(/[^0-9]/g, '') === '${expectedAll}'`,
      undefined,
      { timeout: 120_000 },
    );
    const countsMs = Date.now() - countsStarted;

    // In-app navigation, as an operator moving to the runs page from another screen: the console is running. Timed
    // in the page (performance.now): Playwright's own waits notice a change only when the page's busy main thread
    // lets its polling run, 100–250 ms late here. A row counts once the frame after its insertion has been painted.
    const inAppFirst: number[] = [];
    const inAppCounts: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${origin}/settings/organization`);
      await page.waitForSelector('h1');
      await page.evaluate(`(() => {
        const t0 = performance.now();
        const marks = (window.__runsBench = { painted: 0, counted: 0 });
        const afterPaint = (key) => requestAnimationFrame(() => setTimeout(() => { marks[key] = performance.now() - t0; }));
        const observer = new MutationObserver(() => {
          if (!marks.rowSeen && document.querySelector('${firstRow}')) { marks.rowSeen = true; afterPaint('painted'); }
          const all = document.querySelector('[data-tab="all"]')?.textContent?.replace(/[^0-9]/g, '');
          if (!marks.countSeen && all === '${expectedAll}') { marks.countSeen = true; afterPaint('counted'); }
          if (marks.rowSeen && marks.countSeen) observer.disconnect();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        window.history.pushState({}, '', '/runs?agent=${agentParam}');
        window.dispatchEvent(new PopStateEvent('popstate'));
      })()`);
      await page.waitForFunction('window.__runsBench.painted > 0 && window.__runsBench.counted > 0', undefined, {
        timeout: 120_000,
      });
      const marks = (await page.evaluate('window.__runsBench')) as { painted: number; counted: number };
      inAppFirst.push(Math.round(marks.painted));
      inAppCounts.push(Math.round(marks.counted));
    }

    // Scroll the 1,000-row page and count the rows in the DOM at each step.
    await page.goto(`${origin}/runs?agent=${agentParam}&pageSize=1000`);
    await page.waitForSelector(firstRow);
    // A string, not a function: tsx's name helpers (__name) do not exist in the page.
    const domRows = (await page.evaluate(`(async () => {
      const frame = document.querySelector('.data-table__frame--virtual');
      const rowsSelector = 'table[aria-label^="Runs"] tbody tr[data-row-id]';
      if (!frame) {
        const n = document.querySelectorAll(rowsSelector).length;
        return { virtual: false, min: n, max: n, steps: 1, reachedEnd: true };
      }
      let min = Infinity, max = 0, steps = 0;
      for (let top = 0; top <= frame.scrollHeight; top += 600) {
        frame.scrollTop = top;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const n = document.querySelectorAll(rowsSelector).length;
        min = Math.min(min, n); max = Math.max(max, n); steps++;
      }
      const rows = document.querySelectorAll(rowsSelector);
      const last = rows[rows.length - 1]?.getAttribute('aria-rowindex');
      return { virtual: true, min, max, steps, reachedEnd: last === '1001' };
    })()`)) as { virtual: boolean; min: number; max: number; steps: number; reachedEnd: boolean };

    return {
      runs,
      seedSeconds,
      first50: samples50,
      first1000: samples1000,
      countsMs,
      inAppFirst,
      inAppCounts,
      domRows,
      chromium: browser.version(),
    };
  } finally {
    await signedIn?.close();
    await browser.close();
    await service.close();
  }
}

export default async function runsTable(): Promise<void> {
  const results: Figures[] = [];
  for (const runs of SIZES) results.push(await measure(runs));
  const cell = (f: (r: Figures) => string) => results.map((r) => f(r).padStart(14)).join('');
  console.log(
    `Runs page, one agent (Chromium ${results[0].chromium}, 1440×900, BFF + embedded service on PGlite, loopback)`,
  );
  console.log(`${'runs in the agent'.padEnd(44)}${cell((r) => r.runs.toLocaleString('en'))}`);
  console.log(`${'seeded with SQL in (s)'.padEnd(44)}${cell((r) => r.seedSeconds.toFixed(1))}`);
  console.log(`${'first runs table, 50-row page (median ms)'.padEnd(44)}${cell((r) => String(median(r.first50)))}`);
  console.log(
    `${'first runs table, 1,000-row page (median ms)'.padEnd(44)}${cell((r) => String(median(r.first1000)))}`,
  );
  console.log(`${'all tab counts shown (ms)'.padEnd(44)}${cell((r) => String(r.countsMs))}`);
  console.log(`${'in-app: first rows painted (median ms)'.padEnd(44)}${cell((r) => String(median(r.inAppFirst)))}`);
  console.log(`${'in-app: all tab count painted (median ms)'.padEnd(44)}${cell((r) => String(median(r.inAppCounts)))}`);
  console.log(
    `${'DOM rows scrolling 1,000 rows (min–max)'.padEnd(44)}${cell((r) => `${r.domRows.virtual ? '' : 'NOT virtual '}${r.domRows.min}–${r.domRows.max}${r.domRows.reachedEnd ? '' : ' (end not reached)'}`)}`,
  );
  console.log(
    '  samples (ms): ' +
      results
        .map(
          (r) =>
            `${r.runs.toLocaleString('en')}: 50-row ${r.first50.join(', ')}; 1,000-row ${r.first1000.join(', ')}; in-app rows ${r.inAppFirst.join(', ')}, counts ${r.inAppCounts.join(', ')}`,
        )
        .join(' | '),
  );
  console.log(
    '  aims (issue 14): at 1,000,000 runs, first runs table ≤ 500 ms and tab counts ≤ 500 ms after navigation',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runsTable();
  process.exit(0);
}
