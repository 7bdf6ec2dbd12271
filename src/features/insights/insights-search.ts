/**
 * The Insights pages' URL state: the window (`24h`, `7d`, `30d` or `custom` with `from`/`to`). Only the schema lives
 * here: the routes' search validation loads with the first page, everything else with the Insights screens.
 */
import { z } from 'zod/mini';
import { TIMESTAMP_PATTERN } from '@/contract';

export const INSIGHT_WINDOWS = ['24h', '7d', '30d', 'custom'] as const;
export type InsightWindow = (typeof INSIGHT_WINDOWS)[number];
export const DEFAULT_INSIGHT_WINDOW: InsightWindow = '7d';

const boundSchema = z.catch(z.optional(z.string().check(z.regex(TIMESTAMP_PATTERN))), undefined);

export const insightsSearchSchema = z.object({
  window: z.catch(z.optional(z.enum(INSIGHT_WINDOWS)), undefined),
  from: boundSchema,
  to: boundSchema,
});
export type InsightsSearch = z.infer<typeof insightsSearchSchema>;
