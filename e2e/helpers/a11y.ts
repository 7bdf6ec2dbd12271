import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import { expect, test, type Page } from '@playwright/test';

/**
 * The accessibility scan of a screen (issue 37): axe-core with every WCAG 2.0–2.2 A and AA rule and its best
 * practices, plus the WCAG 2.5.3 Label in Name rule that axe still marks experimental and leaves out. Fails on any
 * finding of any impact unless `ACCEPTED` names it with its reason (docs/accessibility.md lists the same).
 * Every finding is also appended to the run's findings file; the global teardown prints the totals per impact and rule.
 *
 * axe runs in the top frame only: @axe-core/playwright's builder first injects itself into every frame, and a
 * sandboxed email body (no scripts) makes that wait 30 s; the email's HTML is the sender's, not the console's.
 */
/** Every screen, dialog and menu is scanned at a desktop and a phone width, in both themes. */
export const SCAN_VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const EXPERIMENTAL_RULES = ['label-content-name-mismatch'];
/** In the run's output folder, which Playwright empties when a run starts. */
export const findingsFile = (outputDir: string) => join(outputDir, 'accessibility-findings.jsonl');

export type Finding = { where: string; id: string; impact: string; help: string; targets: string[]; html: string[] };

/** Findings we keep on purpose, each with its reason; a target pattern limits the exception to those nodes. */
const ACCEPTED: { id: string; target?: RegExp; reason: string }[] = [
  {
    id: 'region',
    target: /^\.hiddenCanvasElement$/,
    reason: 'pdf.js appends a 0×0 canvas to <body> to measure text; it shows nothing and is not content',
  },
];

const accepted = (finding: Finding, target: string) =>
  ACCEPTED.some((a) => a.id === finding.id && (!a.target || a.target.test(target)));

/** Waits for the screen to be drawn and finite animations to end, then runs axe and returns every finding. */
export async function scanAccessibility(page: Page, where: string): Promise<Finding[]> {
  // Right after a navigation the console may still be booting (no <main> yet): check the screen, not the gap.
  await expect(page.locator('main').first()).toBeVisible();
  // A dialog that is still fading in has half-transparent text: let finite animations end (spinners never do).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // page.evaluate is not subject to the console's CSP, so axe can be added to the page this way.
  await page.evaluate(axe.source);
  const raw = await page.evaluate(
    async ({ tags, experimental }) => {
      const run = (window as unknown as { axe: typeof axe }).axe.run;
      const results = await run(document, {
        iframes: false,
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(experimental.map((id) => [id, { enabled: true }])),
      });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? 'minor',
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
        html: v.nodes.map((n) => n.html.slice(0, 300)),
      }));
    },
    { tags: AXE_TAGS, experimental: EXPERIMENTAL_RULES },
  );
  const findings = raw.map((f) => ({ where, ...f }));
  const { outputDir } = test.info().project;
  mkdirSync(outputDir, { recursive: true });
  for (const finding of findings) appendFileSync(findingsFile(outputDir), `${JSON.stringify(finding)}\n`);
  return findings;
}

/**
 * The scan in the light theme and then the dark one, on the same screen: the console follows the system's colour
 * scheme (no stored choice), so emulating it switches the theme without opening the screen again.
 */
export async function expectAccessibleInBothThemes(page: Page, where: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    await expectAccessible(page, `${where}, ${colorScheme}`);
  }
}

/** Fails on every finding of the current screen (shell and open dialogs included) that ACCEPTED does not name. */
export async function expectAccessible(page: Page, where = test.info().title) {
  const findings = await scanAccessibility(page, where);
  const failing = findings.flatMap((f) =>
    f.targets.flatMap((t, i) => (accepted(f, t) ? [] : [`${f.impact} ${f.id}: ${f.help} (${t}: ${f.html[i]})`])),
  );
  expect(failing, `accessibility findings on ${where}`).toEqual([]);
}
