import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Merchant } from './merchants.ts';

const AXE = readFileSync(path.join(import.meta.dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** On the sign-in page the dashboard sent the browser to: signs in and waits to be back in the dashboard. */
export async function signInToDashboard(page: Page, merchant: Pick<Merchant, 'email' | 'password'>): Promise<void> {
  await page.waitForURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(merchant.email);
  await page.getByLabel('Password').fill(merchant.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard/);
}

/** Runs axe-core on the page (evaluated through DevTools, so the page's CSP does not stop it): no serious or critical violation. */
export async function assertAccessible(page: Page, where: string): Promise<void> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await (globalThis as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }> }> } }).axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
  });
  assert.deepEqual(violations, [], `${where}: serious or critical accessibility violations`);
}
