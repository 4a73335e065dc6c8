/**
 * The shop's one door to the API: the typed client (clients/js, generated from the OpenAPI document) with the store's
 * publishable key. Where the API is and which key to use come from /storefront.json, a static file beside index.html,
 * so one build serves any store (README.md).
 */
import { CommerceApiError, type components, createCommerceClient, ok } from '@commerce-service/client';

export type Cart = components['schemas']['Cart'];
export type CartLine = Cart['lines'][number];
export type Product = components['schemas']['ProductWithVariants'];
export type VariantGroup = components['schemas']['VariantGroup'];
export type Sku = components['schemas']['Sku'];
export type Address = components['schemas']['Address'];
export type DeliveryQuote = components['schemas']['DeliveryQuote'];

export interface StorefrontConfig {
  /** The service's base URL, e.g. http://127.0.0.1:3000 */
  apiUrl: string;
  /** pk_live_… or pk_test_…: public, it belongs in the page */
  publishableKey: string;
  /** The name shown in the header */
  storeName?: string;
}

export async function loadConfig(): Promise<StorefrontConfig> {
  const response = await fetch('/storefront.json', { cache: 'no-store' });
  if (!response.ok) throw new Error('storefront.json is missing: see the storefront README.');
  const config = (await response.json()) as StorefrontConfig;
  if (!config.apiUrl || !config.publishableKey) throw new Error('storefront.json needs apiUrl and publishableKey.');
  return config;
}

export function createShopClient(config: StorefrontConfig) {
  return createCommerceClient({ baseUrl: config.apiUrl, publishableKey: config.publishableKey, retries: 1 });
}

export type ShopClient = ReturnType<typeof createShopClient>;

/**
 * The public reference data (countries, states) takes no key and answers any origin; sent without X-PublishableKey it is
 * a simple request, with no preflight (docs/storefront.md).
 */
export function createReferenceClient(config: StorefrontConfig) {
  return createCommerceClient({ baseUrl: config.apiUrl, retries: 1 });
}

export { CommerceApiError, ok };

/** A refusal in words for the shopper, with the fields it names (`details[].path` → message). */
export function describeError(error: unknown): { message: string; fields: Record<string, string> } {
  if (error instanceof CommerceApiError) {
    const fields: Record<string, string> = {};
    for (const detail of error.details ?? []) if (detail.path) fields[detail.path] = detail.rule;
    if (error.status === 429) return { message: 'Too many requests: please wait a moment and try again.', fields };
    return { message: error.message, fields };
  }
  return { message: 'The shop could not be reached. Check your connection and try again.', fields: {} };
}

const formats = new Map<string, Intl.NumberFormat>();
/** An amount of the store currency as a shopper reads it: $42.50 */
export function money(amount: number, currency: string): string {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formats.set(currency, format);
  }
  return format.format(amount);
}

/** A SKU's price after its own discount, as the cart will price one unit. */
export function unitPrice(sku: { price: number; discount: number }): number {
  return Math.round(sku.price * (100 - sku.discount)) / 100;
}
