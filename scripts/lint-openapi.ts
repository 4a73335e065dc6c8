/**
 * Lints the OpenAPI document the app serves (`/openapi.json`) with Redocly's engine (`@redocly/openapi-core`, the
 * `recommended` rules, as `redocly lint` runs them), building the app in memory on a throwaway SQLite database: no
 * server, no network. Prints each problem with its location; exits 1 on any error or warning.
 *
 *   node scripts/lint-openapi.ts        (part of npm run check)
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { startTestApp } from '../test/helpers/app.ts';

/** The served document, as a client gets it. */
export async function servedDocument(): Promise<string> {
  const t = await startTestApp('sqlite');
  try {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`GET /openapi.json answered ${res.statusCode}`);
    return res.body;
  } finally {
    await t.close();
  }
}

export interface Problem {
  severity: string;
  rule: string;
  message: string;
  where: string;
}

/**
 * Problems accepted, each with its reason (`<rule> <JSON pointer>`): anything else fails the check.
 */
export const ACCEPTED: Readonly<Record<string, string>> = {
  'operation-4xx-response #/paths/~1healthz/get/responses': 'the liveness probe answers 200 whenever the process runs; no rate limit, no input, no 4xx',
  'operation-4xx-response #/paths/~1readyz/get/responses': 'the readiness probe answers 200 or 503; no rate limit, no input, no 4xx',
};

/** Redocly's `recommended` rules over the document, less the accepted problems. */
export async function lintOpenApi(source: string): Promise<Problem[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
  return problems
    .map((p) => ({ severity: p.severity, rule: p.ruleId, message: p.message, where: p.location[0]?.pointer ?? '' }))
    .filter((p) => ACCEPTED[`${p.rule} ${p.where}`] === undefined);
}

if (import.meta.main) {
  const problems = await lintOpenApi(await servedDocument());
  for (const p of problems) process.stdout.write(`${p.severity} ${p.rule}: ${p.message} (${p.where})\n`);
  const counts = { error: problems.filter((p) => p.severity === 'error').length, warn: problems.filter((p) => p.severity === 'warn').length };
  process.stdout.write(`OpenAPI lint (Redocly recommended): ${counts.error} errors, ${counts.warn} warnings (${Object.keys(ACCEPTED).length} accepted, scripts/lint-openapi.ts)\n`);
  process.exit(problems.length === 0 ? 0 : 1);
}
