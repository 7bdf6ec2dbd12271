import { existsSync, readFileSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { findingsFile, type Finding } from '../helpers/a11y';

/** Prints the accessibility scans' findings of this run: totals per impact, then per rule with where it was seen. */
export default async function globalTeardown(config: FullConfig) {
  const file = findingsFile(config.projects[0].outputDir);
  if (!existsSync(file)) return;
  const findings = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Finding);
  const nodes = (impact: string) =>
    findings.filter((f) => f.impact === impact).reduce((sum, f) => sum + f.targets.length, 0);
  const impacts = ['critical', 'serious', 'moderate', 'minor'].map((impact) => `${nodes(impact)} ${impact}`);
  console.log(`accessibility: ${impacts.join(', ')} (elements, over every scan of this run)`);
  const byRule = new Map<string, string[]>();
  for (const f of findings) byRule.set(`${f.impact} ${f.id}`, [...(byRule.get(`${f.impact} ${f.id}`) ?? []), f.where]);
  for (const [rule, where] of byRule) console.log(`  ${rule}: ${where.join('; ')}`);
}
