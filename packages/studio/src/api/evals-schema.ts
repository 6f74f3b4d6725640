import { z } from 'zod';

/** What an eval report's JSON says of the eval as a whole (its `summary`); a count it lacks reads 0. */
const evalReportSummary = z.strictObject({
  cases: z.number(),
  passed: z.number(),
  failed: z.number(),
  errored: z.number(),
  interrupted: z.number(),
  passRate: z.number().describe('passed cases over cases, 0 to 1'),
  score: z.number().describe('the mean of the cases’ scores, 0 to 1'),
});

/** One eval report of the folder: the HTML page and the JSON that share its name, and what the JSON says. */
const evalReportEntry = z.strictObject({
  name: z.string().describe('the name its files share (support for support.html and support.json)'),
  html: z.string().nullable().describe('the page’s file name, served at /evals/{file}; null when only the JSON is there'),
  json: z.string().nullable().describe('the JSON report’s file name, served at /evals/{file}; null when only the page is there'),
  eval: z.string().nullable().describe('the eval’s name, from the JSON; null when the JSON gave nothing'),
  date: z.string().describe('ISO 8601: when the eval started (the JSON’s startedAt), else when the newest of its files was written'),
  pass: z.boolean().nullable().describe('every threshold met; null when the JSON gave nothing'),
  summary: evalReportSummary.nullable().describe('the JSON’s counts; null when it gave nothing'),
  problem: z
    .string()
    .optional()
    .describe('why the JSON gave nothing: missing beside the page, not JSON, or not an eval report of version 1'),
});

/**
 * GET /api/evals's answer. Strict objects: the listing builds each entry
 * field by field, so a field the schema does not name is one the document
 * forgot.
 */
export const evalsResponse = z.strictObject({
  folder: z.string().describe('the eval reports folder, as an absolute path (createStudio’s evalReports, weft serve --eval-reports)'),
  evals: z.array(evalReportEntry).describe('newest first (by date, then by name)'),
});

export type EvalsResponse = z.infer<typeof evalsResponse>;
