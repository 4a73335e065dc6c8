import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page, Route } from 'playwright-core';
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

/**
 * Makes the form meet a 409 (no details), a 422 (a detail naming a path no form has) and a 500, in turn, answered for
 * the first request of `method` to a path matching `path`; after each `submit()`, the API's message and request id
 * must show inside `scope`, and the page must stay free of accessibility violations.
 */
export async function meetsEveryRefusal(page: Page, form: { where: string; method: string; path: RegExp; scope: () => Locator; submit: () => Promise<void> }): Promise<void> {
  for (const status of [409, 422, 500] as const) {
    const message = `Refusal ${status} of ${form.where}: the service says no.`;
    const requestId = `req_refusal_${status}_${form.where.replace(/\W+/g, '_')}`;
    let answered = 0;
    const handler = async (route: Route) => {
      const request = route.request();
      if (request.method() !== form.method || !form.path.test(new URL(request.url()).pathname)) return route.fallback();
      answered++;
      await route.fulfill({
        status,
        contentType: 'application/json',
        headers: { 'x-request-id': requestId },
        body: JSON.stringify({
          status: false,
          message,
          error: {
            code: status === 409 ? 'TEST_CONFLICT' : status === 422 ? 'VALIDATION_FAILED' : 'INTERNAL_ERROR',
            details: status === 422 ? [{ path: 'notAFieldOfAnyForm', rule: 'must be looked at', in: 'body' }] : [],
          },
          requestId,
        }),
      });
    };
    await page.route('**/v1/**', handler);
    await page.route('**/v2/**', handler);
    await form.submit();
    const scope = form.scope();
    await scope.getByText(message).waitFor({ timeout: 10_000 }).catch(() => {
      throw new Error(`${form.where}: the ${status} was not shown (answered ${answered} request(s))`);
    });
    await scope.getByText(requestId).waitFor();
    assert.ok(answered >= 1, `${form.where}: the ${status} was answered`);
    if (status === 409) await assertAccessible(page, `${form.where}, a refusal shown`);
    await page.unroute('**/v1/**', handler);
    await page.unroute('**/v2/**', handler);
  }
}
