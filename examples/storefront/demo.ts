/**
 * Makes a store ready for the starter storefront, through the typed client and the public API only, in TEST mode
 * (where the built-in test provider takes cards on the pay page, docs/payments.md):
 * - the storefront's origin in the test mode's `allowedOrigins` (kept with the ones already there);
 * - a test publishable key named "Starter storefront" (reused when it exists);
 * - when the test mode has no products yet, a small sample catalog (a VARIABLE tee in two colours × three sizes, a mug, a
 *   lantern), a delivery zone for the United States with two options, and the promotion code WELCOME10 (10 % off).
 * `npm run storefront` runs it for npm start's demo merchant; the storefront's browser test runs it for its own store.
 */
import { createCommerceClient, ok } from '@commerce-service/client';
import { demoPng } from '../../src/demo-data.ts';

export const SAMPLE_PROMOTION_CODE = 'WELCOME10';
const KEY_NAME = 'Starter storefront';

export interface PreparedStore {
  storeId: string;
  storeName: string;
  publishableKey: string;
  /** true when the sample catalog was added now */
  seeded: boolean;
}

export async function prepareStore(options: { apiUrl: string; email: string; password: string; storeId?: string; origin: string }): Promise<PreparedStore> {
  const anonymous = createCommerceClient({ baseUrl: options.apiUrl });
  const login = await ok(anonymous.POST('/v1/auth/login', { body: { email: options.email, password: options.password } }));
  const session = createCommerceClient({ baseUrl: options.apiUrl, token: login.data.token });
  const stores = await ok(session.GET('/v1/stores'));
  const store = stores.data.find((s) => s.id === (options.storeId ?? s.id));
  if (!store) throw new Error(`No store ${options.storeId} for ${options.email}.`);
  const api = session.with({ merchantId: store.id, mode: 'test' });

  const settings = await ok(api.GET('/v1/settings'));
  if (!settings.data.allowedOrigins.includes(options.origin)) {
    await ok(api.PATCH('/v1/settings', { body: { allowedOrigins: [...settings.data.allowedOrigins, options.origin] } }));
  }

  const keys = await ok(api.GET('/v1/publishable-keys'));
  const publishableKey = keys.data.find((k) => k.name === KEY_NAME && k.mode === 'test')?.key ?? (await ok(api.POST('/v1/publishable-keys', { body: { name: KEY_NAME } }))).data.key;

  const existing = await ok(api.GET('/v1/products', { params: { query: { limit: 1 } } }));
  const seeded = existing.data.length === 0;
  if (seeded) await seedSampleCatalog(api);
  return { storeId: store.id, storeName: store.name, publishableKey, seeded };
}

type Client = ReturnType<typeof createCommerceClient>;

/** Uploads a picture (the demo store's made-in-code PNG of a colour) and answers its file id. */
async function upload(api: Client, name: string, rgb: readonly [number, number, number]): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(demoPng(rgb))], { type: 'image/png' }), `${name}.png`);
  // The upload is multipart: the generated types describe no JSON body for it.
  const uploaded = (await ok(api.POST('/v1/files', { body: form as never, bodySerializer: (body: unknown) => body as FormData }))) as { data: { id: string } };
  return uploaded.data.id;
}

async function seedSampleCatalog(api: Client): Promise<void> {
  const colours = { Forest: [46, 110, 70], Sand: [214, 190, 140] } as const;
  const tee = await ok(api.POST('/v1/products', { body: { type: 'VARIABLE', name: 'Trail Tee', status: 'active', description: 'A soft cotton tee for long days outdoors.' } }));
  for (const [colour, rgb] of Object.entries(colours)) {
    await ok(
      api.POST('/v2/products/{productId}/variant-groups', {
        params: { path: { productId: tee.data.id } },
        body: {
          attributeName: 'Color',
          attributeValue: colour,
          image: await upload(api, `tee-${colour.toLowerCase()}`, rgb),
          skus: ['S', 'M', 'L'].map((size) => ({ price: 25, quantityInStock: 20, sku: `TEE-${colour.toUpperCase()}-${size}`, attributes: { Size: size } })),
        },
      }),
    );
  }
  const mug = await upload(api, 'mug', [70, 130, 180]);
  await ok(api.POST('/v1/products', { body: { type: 'SIMPLE', name: 'Enamel Mug', status: 'active', description: 'Holds 350 ml of coffee by the fire.', price: 12, quantityInStock: 30, sku: 'MUG-1', imageFileIds: [mug] } }));
  const lantern = await upload(api, 'lantern', [218, 165, 32]);
  await ok(api.POST('/v1/products', { body: { type: 'SIMPLE', name: 'Camp Lantern', status: 'active', description: 'Rechargeable, 300 lumens.', price: 39.5, quantityInStock: 10, sku: 'LANTERN-1', imageFileIds: [lantern] } }));

  const zones = await ok(api.GET('/v1/delivery/zones'));
  if (zones.data.length === 0) {
    const zone = await ok(api.POST('/v1/delivery/zones', { body: { name: 'United States', regions: [{ countryId: 'US' }] } }));
    const path = { zoneId: zone.data.id };
    await ok(api.POST('/v1/delivery/zones/{zoneId}/options', { params: { path }, body: { name: 'Standard', fee: 5, freeOver: 100, estimatedDaysMin: 3, estimatedDaysMax: 6 } }));
    await ok(api.POST('/v1/delivery/zones/{zoneId}/options', { params: { path }, body: { name: 'Express', fee: 15, estimatedDaysMin: 1, estimatedDaysMax: 2 } }));
  }
  const promotions = await ok(api.GET('/v1/promotions'));
  if (!promotions.data.some((p) => p.code === SAMPLE_PROMOTION_CODE)) {
    await ok(api.POST('/v1/promotions', { body: { code: SAMPLE_PROMOTION_CODE, kind: 'percentage', value: 10 } }));
  }
}
