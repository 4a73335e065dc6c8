import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { countRows, insertCustomer, variableProduct } from './helpers/catalog.ts';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, type Merchant, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();

/**
 * The rule every form holds (issue 38, item 3): every refusal the API can give is shown, next to what it concerns or
 * at the top of the form. The first test meets real conflicts of the catalog; the others make each form meet a 409
 * without field details, a 422 naming no field of the form, and a 500, answered in the browser (Playwright's routing)
 * instead of by the service: each must show the API's message and request id.
 */
describeEachDatabase('every dashboard form shows every refusal (Chromium)', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;

  before(async () => {
    if (skip) return;
    await ensureDashboardBuilt();
    t = await startListeningApp(kind);
    chromium = await launchChromium();
    context = chromium.context;
  });
  after(async () => {
    await chromium?.close();
    await t?.close();
  });

  async function openAs(who: Merchant, path: string): Promise<Page> {
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard${path}`);
    await signInToDashboard(page, who);
    return page;
  }

  /**
   * Makes the form meet a 409 (no details), a 422 (a detail naming a path no form has) and a 500, in turn, answered for
   * the first request of `method` to a path matching `path`; after each `submit()`, the API's message and request id
   * must show inside `scope`, and the page must stay free of accessibility violations.
   */
  async function meetsEveryRefusal(page: Page, form: { where: string; method: string; path: RegExp; scope: () => Locator; submit: () => Promise<void> }): Promise<void> {
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

  it('shows a SKU code another SKU holds at that field in Add a SKU, Edit SKU and Add a variant group, with nothing written', { skip }, async () => {
    const owner = await signup(t.app, { storeName: 'Refusal Outfitters' });
    const { productId } = await variableProduct(t.app, owner, {
      name: 'Trail Tee',
      skus: [
        { sku: 'TEE-M', price: 20, quantityInStock: 5, attributes: { Size: 'M' } },
        { sku: 'TEE-L', price: 22, quantityInStock: 3, attributes: { Size: 'L' } },
      ],
    });
    const page = await openAs(owner, `/products/${productId}?store=${owner.storeId}`);
    const skus = () => countRows(t, 'skus', owner.storeId);

    // Add a SKU with a code TEE-M already has.
    await page.getByRole('button', { name: /^Add a SKU to / }).click();
    const addSku = page.getByRole('form', { name: /^Add a SKU to / });
    await addSku.getByLabel('Price (USD)').fill('24');
    await addSku.getByLabel('Stock').fill('1');
    await addSku.getByLabel('SKU code').fill('TEE-M');
    await addSku.getByLabel('Options').fill('Size=XL');
    await addSku.getByRole('button', { name: 'Add SKU' }).click();
    await addSku.locator('.field-error').getByText('SKU code must be unique within the store.').waitFor();
    assert.equal(await addSku.getByLabel('SKU code').getAttribute('aria-invalid'), 'true');
    await addSku.getByRole('alert').getByText('Nothing was added: correct the fields marked above.').waitFor();
    assert.equal(await skus(), 2, 'nothing written');
    await assertAccessible(page, 'Add a SKU, a taken code');
    await addSku.getByRole('button', { name: 'Cancel' }).click();

    // Edit SKU: TEE-L renamed to TEE-M.
    await page.getByRole('button', { name: 'Edit SKU TEE-L (Size: L)' }).click();
    const editSku = page.getByRole('form', { name: /^Editing SKU TEE-L/ });
    await editSku.getByLabel('SKU code').fill('TEE-M');
    await editSku.getByRole('button', { name: 'Save SKU' }).click();
    await editSku.locator('.field-error').getByText('SKU code must be unique within the store.').waitFor();
    assert.equal(await editSku.getByLabel('SKU code').getAttribute('aria-invalid'), 'true');
    await editSku.getByRole('button', { name: 'Cancel' }).click();

    // Add a variant group whose second SKU takes TEE-L: marked at SKU 2's code, and the line under the form points there.
    const addGroup = page.getByRole('form', { name: 'Add a variant group' });
    await addGroup.getByLabel('Dimension').fill('Color');
    await addGroup.getByLabel('Value').fill('Blue');
    await addGroup.getByRole('group', { name: 'SKU 1' }).getByLabel('Price (USD)').fill('20');
    await addGroup.getByRole('group', { name: 'SKU 1' }).getByLabel('Stock').fill('1');
    await addGroup.getByRole('group', { name: 'SKU 1' }).getByLabel('SKU code').fill('BLUE-M');
    await addGroup.getByRole('button', { name: 'Add another SKU' }).click();
    const second = addGroup.getByRole('group', { name: 'SKU 2' });
    await second.getByLabel('Price (USD)').fill('20');
    await second.getByLabel('Stock').fill('1');
    await second.getByLabel('SKU code').fill('TEE-L');
    await second.getByLabel('Options').fill('Size=L');
    await addGroup.getByRole('button', { name: 'Add group' }).click();
    await second.locator('.field-error').getByText('SKU code must be unique within the store.').waitFor();
    assert.equal(await second.getByLabel('SKU code').getAttribute('aria-invalid'), 'true');
    assert.equal(await addGroup.getByRole('group', { name: 'SKU 1' }).getByLabel('SKU code').getAttribute('aria-invalid'), null);
    await addGroup.getByRole('alert').getByText('Nothing was added: correct the fields marked above.').waitFor();
    assert.equal(await countRows(t, 'variant_groups', owner.storeId), 1);
    assert.equal(await skus(), 2);
    await assertAccessible(page, 'Add a variant group, a taken code');

    await page.close();
  });

  it('the catalog’s forms (product, variant group, SKU, category) show a 409, a 422 and a 500', { skip }, async () => {
    const owner = await signup(t.app, { storeName: 'Refusal Catalog' });
    const { productId } = await variableProduct(t.app, owner, {
      name: 'Camp Mug',
      skus: [{ sku: 'MUG-1', price: 9, quantityInStock: 5, attributes: { Size: 'One' } }],
    });
    await jsonClient(t.app)('POST', '/v1/categories', { headers: owner.auth, body: { name: 'Kitchen' } });
    const page = await openAs(owner, `/products/new?store=${owner.storeId}`);

    await page.getByLabel('Name', { exact: true }).fill('Water Bottle');
    await page.getByLabel('Price (USD)').fill('12');
    await page.getByLabel('Stock', { exact: true }).fill('3');
    await meetsEveryRefusal(page, {
      where: 'New product',
      method: 'POST',
      path: /^\/v1\/products$/,
      scope: () => page.getByRole('main'),
      submit: () => page.getByRole('button', { name: 'Create product' }).click(),
    });

    await page.goto(`${t.baseUrl}/dashboard/products/${productId}?store=${owner.storeId}`);
    await page.getByLabel('Name', { exact: true }).fill('Camp Mug XL');
    await meetsEveryRefusal(page, {
      where: 'Product details',
      method: 'PATCH',
      path: new RegExp(`/products/${productId}$`),
      scope: () => page.getByRole('main'),
      submit: () => page.getByRole('button', { name: 'Save changes' }).click(),
    });

    const addGroup = page.getByRole('form', { name: 'Add a variant group' });
    await addGroup.getByLabel('Dimension').fill('Color');
    await addGroup.getByLabel('Value').fill('Green');
    await addGroup.getByRole('group', { name: 'SKU 1' }).getByLabel('Price (USD)').fill('9');
    await addGroup.getByRole('group', { name: 'SKU 1' }).getByLabel('Stock').fill('1');
    await meetsEveryRefusal(page, {
      where: 'Add a variant group',
      method: 'POST',
      path: /\/variant-groups$/,
      scope: () => addGroup,
      submit: () => addGroup.getByRole('button', { name: 'Add group' }).click(),
    });

    await page.getByRole('button', { name: /^Add a SKU to / }).click();
    const addSku = page.getByRole('form', { name: /^Add a SKU to / });
    await addSku.getByLabel('Price (USD)').fill('11');
    await addSku.getByLabel('Stock').fill('1');
    await addSku.getByLabel('Options').fill('Size=Two');
    await meetsEveryRefusal(page, {
      where: 'Add a SKU',
      method: 'POST',
      path: /\/skus$/,
      scope: () => addSku,
      submit: () => addSku.getByRole('button', { name: 'Add SKU' }).click(),
    });
    await addSku.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Edit SKU MUG-1 (Size: One)' }).click();
    const editSku = page.getByRole('form', { name: /^Editing SKU MUG-1/ });
    await editSku.getByLabel('Price (USD)').fill('10');
    await meetsEveryRefusal(page, {
      where: 'Edit SKU',
      method: 'PATCH',
      path: /\/skus\/[^/]+$/,
      scope: () => editSku,
      submit: () => editSku.getByRole('button', { name: 'Save SKU' }).click(),
    });
    await editSku.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: /^Edit group / }).click();
    const editGroup = page.getByRole('form', { name: /^Editing the group/ });
    await editGroup.getByLabel('Value').fill('Red again');
    await meetsEveryRefusal(page, {
      where: 'Edit group',
      method: 'PATCH',
      path: /\/variant-groups\/[^/]+$/,
      scope: () => editGroup,
      submit: () => editGroup.getByRole('button', { name: 'Save group' }).click(),
    });

    await page.goto(`${t.baseUrl}/dashboard/categories?store=${owner.storeId}`);
    const create = page.getByRole('region', { name: 'Create a category' });
    await create.getByLabel('Name').fill('Outdoors');
    await meetsEveryRefusal(page, {
      where: 'Create a category',
      method: 'POST',
      path: /^\/v1\/categories$/,
      scope: () => create,
      submit: () => create.getByRole('button', { name: 'Create category' }).click(),
    });
    await page.getByRole('button', { name: 'Rename Kitchen' }).click();
    const rename = page.getByRole('form', { name: /Rename “Kitchen”/ });
    await rename.getByLabel('New name').fill('Galley');
    await meetsEveryRefusal(page, {
      where: 'Rename a category',
      method: 'PATCH',
      path: /^\/v1\/categories\/[^/]+$/,
      scope: () => rename,
      submit: () => rename.getByRole('button', { name: /^Save/ }).click(),
    });
    await page.close();
  });
});
