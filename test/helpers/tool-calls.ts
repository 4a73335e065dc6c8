import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import type { Permission } from '../../src/domain/shared/permissions.ts';
import { ok } from './mcp.ts';
import type { Merchant } from './merchants.ts';

/**
 * What a scenario's setup works with: the MCP client of a full-permission API key, and the app and merchant behind it.
 * The app must allow webhook endpoints on loopback (`webhooks.allowLoopback`, see `WEBHOOK_URL`).
 */
export interface ScenarioContext {
  /** Calls tools with every permission (the v1 SDK client of an unrestricted key of `merchant`). */
  mcp: { callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown> };
  app: FastifyInstance;
  merchant: Merchant;
  /** The app's database, only for states no call can make in a test (a delivery the worker gave up on). */
  db: Kysely<Database>;
}

/**
 * One successful call of one MCP tool: `setup` makes what the call needs (through the full client) and answers the
 * arguments of a call that succeeds, `confirm` left out (the caller adds `confirm: true` where the call needs it).
 * A tool whose effects, permissions or preview depend on its arguments or on the state it meets has one scenario per
 * case (`variant` names it).
 */
export interface ToolScenario {
  tool: string;
  variant?: string;
  setup(s: ScenarioContext): Promise<Record<string, unknown>>;
  /**
   * Permissions the call needs beyond the tool's declared ones, because of what the arguments point at, not what they
   * say: directing data is reading it (docs/security.md), so retargeting, rotating or redelivering an endpoint needs
   * the read permissions of its event types, and a new notification address those of every topic that is on.
   */
  statePermissions?: readonly Permission[];
}

/** `update_order_status (to paid)`: how tests name a scenario. */
export const scenarioName = (scenario: ToolScenario): string => (scenario.variant ? `${scenario.tool} (${scenario.variant})` : scenario.tool);

// ---- fixtures, each new on every call and made through the connector itself ------------------------------------------

let serial = 0;
/** The next number of this process's sequence. */
const next = () => {
  serial += 1;
  return serial;
};
/** A suffix unique in this process, for codes, slugs and emails. */
const unique = () => `${Date.now().toString(36)}${next()}`;

const ADDRESS = { line1: '1 Main St', city: 'Springfield', countryId: 'US', stateId: 'US-IL' };

/** Today, yesterday and tomorrow as YYYY-MM-DD (UTC, the store's default time zone): a range that holds today's orders. */
function days(): { from: string; to: string } {
  const at = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: at(-1), to: at(1) };
}

/** An active SIMPLE product: 20.00 each, 10 in stock. */
export async function simpleProduct(s: ScenarioContext, extra: Record<string, unknown> = {}): Promise<{ id: string; skuId: string }> {
  const { product } = await ok(s.mcp, 'create_product', { type: 'SIMPLE', name: `Mug ${unique()}`, price: 20, quantityInStock: 10, status: 'active', ...extra });
  return { id: product.id, skuId: product.skuId };
}

/** The id of the store's default stock location. */
export async function defaultLocation(s: ScenarioContext): Promise<string> {
  return (await ok(s.mcp, 'list_locations', { limit: 5 })).items.find((l: { isDefault: boolean }) => l.isDefault).id as string;
}

/** A VARIABLE product with one variant group (Color Red) of two SKUs (Size M and L). */
export async function variableProduct(s: ScenarioContext): Promise<{ productId: string; groupId: string; skuIds: string[] }> {
  const { product } = await ok(s.mcp, 'create_product', { type: 'VARIABLE', name: `Tee ${unique()}` });
  const { group } = await ok(s.mcp, 'add_variant_group', {
    productId: product.id,
    attributeName: 'Color',
    attributeValue: 'Red',
    skus: [
      { price: 20, quantityInStock: 5, attributes: { Size: 'M' } },
      { price: 22, quantityInStock: 3, attributes: { Size: 'L' } },
    ],
  });
  return { productId: product.id, groupId: group.id, skuIds: group.skus.map((sku: { id: string }) => sku.id) };
}

export async function customer(s: ScenarioContext): Promise<string> {
  const id = unique();
  return (await ok(s.mcp, 'create_customer', { name: `Ada ${id}`, email: `ada.${id}@example.com`, addresses: [ADDRESS] })).customer.id;
}

/** A pending order of two units of a new SIMPLE product (40.00), for a new customer. */
export async function pendingOrder(s: ScenarioContext): Promise<{ orderId: string; skuId: string; customerId: string }> {
  const product = await simpleProduct(s);
  const customerId = await customer(s);
  const { order } = await ok(s.mcp, 'place_order', { customerId, lines: [{ skuId: product.skuId, quantity: 2 }] });
  return { orderId: order.id, skuId: product.skuId, customerId };
}

/** A paid order (marked paid: a payment of its full total, 40.00). */
export async function paidOrder(s: ScenarioContext): Promise<{ orderId: string; skuId: string; customerId: string }> {
  const order = await pendingOrder(s);
  await ok(s.mcp, 'update_order_status', { orderId: order.orderId, to: 'paid', confirm: true });
  return order;
}

/** A paid order (40.00 for 2 units), marked fulfilled, with a return of one unit asked for; `received`: and received at the default location. */
export async function orderReturn(s: ScenarioContext, options: { received?: boolean } = {}): Promise<{ orderId: string; lineId: string; returnId: string; locationId: string }> {
  const { orderId } = await paidOrder(s);
  await ok(s.mcp, 'update_order_status', { orderId, to: 'fulfilled' });
  const lineId = (await ok(s.mcp, 'get_order', { orderId })).order.lines[0].id as string;
  const locationId = await defaultLocation(s);
  const returnId = (await ok(s.mcp, 'create_return', { orderId, lines: [{ lineId, quantity: 1 }], reason: 'damaged' })).return.id as string;
  if (options.received) await ok(s.mcp, 'receive_return', { orderId, returnId, locationId, lines: [{ lineId, restock: true }] });
  return { orderId, lineId, returnId, locationId };
}

export async function category(s: ScenarioContext): Promise<string> {
  return (await ok(s.mcp, 'create_category', { name: `Shelf ${unique()}` })).category.id;
}

export async function review(s: ScenarioContext, reply?: string): Promise<{ reviewId: string; productId: string }> {
  const product = await simpleProduct(s);
  const { review: created } = await ok(s.mcp, 'create_review', { productId: product.id, customerId: await customer(s), rating: 4, title: 'Nice' });
  if (reply !== undefined) await ok(s.mcp, 'reply_to_review', { reviewId: created.id, reply });
  return { reviewId: created.id, productId: product.id };
}

export async function promotion(s: ScenarioContext): Promise<string> {
  return (await ok(s.mcp, 'create_promotion', { code: `SAVE${unique()}`.toUpperCase(), kind: 'percentage', value: 10 })).promotion.id;
}

export async function promoAd(s: ScenarioContext): Promise<string> {
  return (await ok(s.mcp, 'create_promo_ad', { title: `Sale ${unique()}`, startsAt: '2026-01-01T00:00:00Z', status: 'published' })).promoAd.id;
}

/** Countries for delivery zones: a region belongs to one zone of a store, so each new zone takes the next one. */
const ZONE_COUNTRIES = 'DE FR IT ES NL BE AT PT IE SE DK FI NO PL CZ GR HU RO BG HR SK SI LT LV EE LU MT CY IS CH GB AU NZ JP KR SG MX BR AR CL'.split(' ');
let zones = 0;
const nextCountry = () => ZONE_COUNTRIES[zones++ % ZONE_COUNTRIES.length]!;

/** A delivery zone (a country of its own) with one option. */
export async function deliveryZone(s: ScenarioContext): Promise<{ zoneId: string; countryId: string }> {
  const countryId = nextCountry();
  const { zone } = await ok(s.mcp, 'create_delivery_zone', { name: `Zone ${unique()}`, regions: [{ countryId }] });
  await ok(s.mcp, 'create_delivery_option', { zoneId: zone.id, name: 'Standard', fee: 5 });
  return { zoneId: zone.id, countryId };
}

/** A pending manual payment of 15.00 recorded against a new pending order. */
export async function pendingPayment(s: ScenarioContext): Promise<{ orderId: string; paymentId: string }> {
  const { orderId } = await pendingOrder(s);
  const { result } = await ok(s.mcp, 'record_payment', { orderId, method: 'manual', amount: 15, status: 'pending', confirm: true });
  return { orderId, paymentId: result.payment.id };
}

/**
 * A webhook URL the SSRF check lets through in a test app configured with `webhooks.allowLoopback` (the check only
 * resolves the host; nothing listens there, and the delivery worker does not run in tests).
 */
export const WEBHOOK_URL = 'http://127.0.0.1:9/hook';

/**
 * A disabled webhook endpoint. Endpoints made for scenarios are left disabled: an enabled one would receive the events
 * of the calls after it, adding webhook_events and webhook_deliveries rows to other tools' effects. A store has at
 * most 20 endpoints per mode (MAX_ENDPOINTS), which the scenarios stay well below.
 */
export async function webhook(s: ScenarioContext): Promise<string> {
  return (await ok(s.mcp, 'create_webhook', { url: WEBHOOK_URL, eventTypes: ['order.*'], description: `Hook ${unique()}`, enabled: false })).webhook.id;
}

/** A disabled webhook endpoint with one pending delivery: subscribed to customer.banned while a customer was banned. */
export async function webhookWithDelivery(s: ScenarioContext): Promise<{ webhookId: string; deliveryId: string }> {
  const { webhook: created } = await ok(s.mcp, 'create_webhook', { url: WEBHOOK_URL, eventTypes: ['customer.banned'], description: `Hook ${unique()}` });
  await ok(s.mcp, 'ban_customer', { customerId: await customer(s), reason: 'chargebacks', confirm: true });
  await ok(s.mcp, 'update_webhook', { webhookId: created.id, enabled: false });
  const { items } = await ok(s.mcp, 'list_webhook_deliveries', { webhookId: created.id });
  assert.equal(items.length, 1, 'the ban was written to the outbox for the endpoint');
  return { webhookId: created.id, deliveryId: items[0].id };
}

/** As `webhookWithDelivery`, its delivery failed for good (what the worker records when its last retry fails). */
export async function webhookWithFailedDelivery(s: ScenarioContext): Promise<{ webhookId: string; deliveryId: string }> {
  const endpoint = await webhookWithDelivery(s);
  await s.db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', attempts: 1, last_error: 'connect ECONNREFUSED 127.0.0.1:9' })
    .where('id', '=', endpoint.deliveryId)
    .execute();
  return endpoint;
}

// ---- the scenarios ---------------------------------------------------------------------------------------------------

/**
 * A successful call of every tool of the catalog (`TOOLS`), in its order; test/mcp-effects.test.ts checks that none is
 * missing. Several scenarios of one tool where its arguments decide its effects or permissions (`effectsOf`,
 * `permissionsOf`) or its preview, or where the state it meets decides what it does (`cancel_order` of a paid or an
 * unpaid order).
 */
export const TOOL_SCENARIOS: readonly ToolScenario[] = [
  // analytics
  { tool: 'get_sales_summary', setup: async () => ({ period: '30d' }) },
  { tool: 'export_orders', setup: async () => days() },
  { tool: 'export_daily_sales', setup: async () => days() },

  // products
  { tool: 'list_products', setup: async () => ({ limit: 5 }) },
  { tool: 'get_product', setup: async (s) => ({ productId: (await variableProduct(s)).productId }) },
  { tool: 'create_product', setup: async () => ({ type: 'SIMPLE', name: `Cup ${unique()}`, price: 12, quantityInStock: 4 }) },
  { tool: 'update_product', variant: 'details', setup: async (s) => ({ productId: (await simpleProduct(s)).id, description: `Soft ${unique()}` }) },
  { tool: 'update_product', variant: 'stock', setup: async (s) => ({ productId: (await simpleProduct(s)).id, quantityInStock: 7 }) },
  { tool: 'delete_product', setup: async (s) => ({ productId: (await variableProduct(s)).productId }) },
  {
    tool: 'add_variant_group',
    setup: async (s) => ({ productId: (await variableProduct(s)).productId, attributeName: 'Color', attributeValue: 'Blue', skus: [{ price: 30, quantityInStock: 2 }] }),
  },
  {
    tool: 'update_variant_group',
    setup: async (s) => {
      const { productId, groupId } = await variableProduct(s);
      return { productId, groupId, attributeValue: 'Crimson' };
    },
  },
  {
    tool: 'delete_variant_group',
    setup: async (s) => {
      const { productId, groupId } = await variableProduct(s);
      return { productId, groupId };
    },
  },
  {
    tool: 'add_sku',
    setup: async (s) => {
      const { productId, groupId } = await variableProduct(s);
      return { productId, groupId, price: 24, quantityInStock: 1, attributes: { Size: 'XL' } };
    },
  },
  {
    tool: 'update_sku',
    variant: 'price',
    setup: async (s) => {
      const { productId, groupId, skuIds } = await variableProduct(s);
      return { productId, groupId, skuId: skuIds[0], price: 21 };
    },
  },
  {
    tool: 'update_sku',
    variant: 'stock',
    setup: async (s) => {
      const { productId, groupId, skuIds } = await variableProduct(s);
      return { productId, groupId, skuId: skuIds[0], quantityInStock: 9 };
    },
  },
  {
    tool: 'delete_sku',
    setup: async (s) => {
      const { productId, groupId, skuIds } = await variableProduct(s);
      return { productId, groupId, skuId: skuIds[1] };
    },
  },

  // categories
  { tool: 'list_categories', setup: async () => ({}) },
  { tool: 'create_category', setup: async () => ({ name: `Shelf ${unique()}` }) },
  { tool: 'update_category', setup: async (s) => ({ categoryId: await category(s), name: `Renamed ${unique()}` }) },
  { tool: 'delete_category', setup: async (s) => ({ categoryId: await category(s) }) },

  // inventory
  { tool: 'get_inventory_overview', setup: async () => ({}) },
  { tool: 'list_low_stock', setup: async () => ({ limit: 5 }) },
  { tool: 'list_stock_levels', setup: async () => ({ stock: 'in', limit: 5 }) },
  { tool: 'list_stock_adjustments', setup: async (s) => ({ skuId: (await simpleProduct(s)).skuId }) },
  { tool: 'adjust_stock', setup: async (s) => ({ skuId: (await simpleProduct(s)).skuId, delta: 3, reason: 'restock' }) },
  { tool: 'list_locations', setup: async () => ({ limit: 5 }) },
  { tool: 'get_sku_levels', setup: async (s) => ({ skuId: (await simpleProduct(s)).skuId }) },
  { tool: 'create_location', setup: async () => ({ name: `Back room ${unique()}` }) },
  { tool: 'update_location', setup: async (s) => ({ locationId: (await ok(s.mcp, 'create_location', { name: `Shed ${unique()}` })).location.id, name: `Barn ${unique()}`, position: 7 }) },
  { tool: 'adjust_stock_at_location', setup: async (s) => ({ locationId: await defaultLocation(s), skuId: (await simpleProduct(s)).skuId, delta: 4, reason: 'received', note: 'delivery' }) },
  {
    tool: 'transfer_stock',
    setup: async (s) => {
      const toLocationId = (await ok(s.mcp, 'create_location', { name: `Shop ${unique()}` })).location.id as string;
      return { skuId: (await simpleProduct(s)).skuId, fromLocationId: await defaultLocation(s), toLocationId, quantity: 2, note: 'for the shop' };
    },
  },
  { tool: 'set_low_stock_threshold', setup: async () => ({ lowStockThreshold: 3 + (next() % 1000) }) },

  // orders
  { tool: 'list_orders', setup: async () => ({ limit: 5 }) },
  { tool: 'get_order', setup: async (s) => ({ orderId: (await pendingOrder(s)).orderId }) },
  { tool: 'get_order_next_steps', setup: async (s) => ({ orderId: (await pendingOrder(s)).orderId }) },
  {
    tool: 'place_order',
    setup: async (s) => ({ customerId: await customer(s), lines: [{ skuId: (await simpleProduct(s)).skuId, quantity: 3 }] }),
  },
  { tool: 'update_order', setup: async (s) => ({ orderId: (await pendingOrder(s)).orderId, note: `Leave at the door ${unique()}` }) },
  {
    tool: 'create_shipment',
    setup: async (s) => {
      const { orderId, skuId } = await paidOrder(s);
      return { orderId, lines: [{ skuId, quantity: 1 }], locationId: await defaultLocation(s), carrier: 'UPS', trackingNumber: '1Z999' };
    },
  },
  { tool: 'list_shipments', setup: async (s) => ({ orderId: (await paidOrder(s)).orderId }) },
  { tool: 'update_order_status', variant: 'to paid', setup: async (s) => ({ orderId: (await pendingOrder(s)).orderId, to: 'paid' }) },
  { tool: 'update_order_status', variant: 'to fulfilled', setup: async (s) => ({ orderId: (await paidOrder(s)).orderId, to: 'fulfilled' }) },
  {
    tool: 'update_order_status',
    variant: 'to delivered',
    setup: async (s) => {
      const { orderId } = await paidOrder(s);
      await ok(s.mcp, 'update_order_status', { orderId, to: 'fulfilled' });
      return { orderId, to: 'delivered' };
    },
  },
  {
    tool: 'update_order_status',
    variant: 'to paid, partly paid before',
    setup: async (s) => {
      const { orderId } = await pendingOrder(s);
      await ok(s.mcp, 'record_payment', { orderId, method: 'manual', amount: 15, confirm: true });
      return { orderId, to: 'paid' };
    },
  },
  { tool: 'cancel_order', variant: 'unpaid', setup: async (s) => ({ orderId: (await pendingOrder(s)).orderId }) },
  { tool: 'cancel_order', variant: 'paid', setup: async (s) => ({ orderId: (await paidOrder(s)).orderId }) },
  {
    tool: 'cancel_order',
    variant: 'pending, its total paid with record_payment',
    setup: async (s) => {
      // Recording a payment of the whole total leaves the order pending (only update_order_status marks it paid).
      const { orderId } = await pendingOrder(s);
      await ok(s.mcp, 'record_payment', { orderId, method: 'manual', amount: 40, confirm: true });
      return { orderId };
    },
  },
  { tool: 'refund_order', variant: 'all that is left', setup: async (s) => ({ orderId: (await paidOrder(s)).orderId }) },
  { tool: 'refund_order', variant: 'an amount', setup: async (s) => ({ orderId: (await paidOrder(s)).orderId, amount: 5 }) },
  {
    tool: 'create_return',
    setup: async (s) => {
      const { orderId } = await paidOrder(s);
      await ok(s.mcp, 'update_order_status', { orderId, to: 'fulfilled' });
      const lineId = (await ok(s.mcp, 'get_order', { orderId })).order.lines[0].id;
      return { orderId, lines: [{ lineId, quantity: 2 }], reason: 'wrong_item' };
    },
  },
  {
    tool: 'receive_return',
    setup: async (s) => {
      const { orderId, returnId, lineId, locationId } = await orderReturn(s);
      return { orderId, returnId, locationId, lines: [{ lineId, restock: true }] };
    },
  },
  {
    tool: 'refund_return',
    setup: async (s) => {
      const { orderId, returnId } = await orderReturn(s, { received: true });
      return { orderId, returnId };
    },
  },
  { tool: 'list_returns', setup: async (s) => ({ orderId: (await orderReturn(s)).orderId }) },
  {
    tool: 'close_return',
    setup: async (s) => {
      const { orderId, returnId } = await orderReturn(s);
      return { orderId, returnId, note: 'kept by the customer' };
    },
  },

  // customers
  { tool: 'list_customers', setup: async () => ({ limit: 5 }) },
  { tool: 'get_customer', setup: async (s) => ({ customerId: await customer(s) }) },
  { tool: 'create_customer', setup: async () => ({ name: 'Grace Buyer', email: `grace.${unique()}@example.com` }) },
  { tool: 'update_customer', setup: async (s) => ({ customerId: await customer(s), name: `Ada ${unique()}` }) },
  { tool: 'ban_customer', variant: 'until unbanned', setup: async (s) => ({ customerId: await customer(s), reason: 'chargebacks' }) },
  {
    tool: 'ban_customer',
    variant: 'until a date',
    setup: async (s) => ({ customerId: await customer(s), reason: 'chargebacks', expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
  },
  {
    tool: 'unban_customer',
    setup: async (s) => {
      const customerId = await customer(s);
      await ok(s.mcp, 'ban_customer', { customerId, reason: 'chargebacks', confirm: true });
      return { customerId };
    },
  },

  // payments
  { tool: 'get_payment_options', setup: async () => ({}) },
  {
    tool: 'set_payment_options',
    setup: async (s) => {
      // Another list than the one in force, so the call changes it.
      const { paymentOptions } = await ok(s.mcp, 'get_payment_options');
      return { enabledMethods: paymentOptions.enabledMethods.includes('paypal') ? ['card', 'bank_transfer'] : ['card', 'bank_transfer', 'paypal'] };
    },
  },
  { tool: 'list_order_payments', setup: async (s) => ({ orderId: (await paidOrder(s)).orderId }) },
  { tool: 'record_payment', variant: 'succeeded', setup: async (s) => ({ orderId: (await pendingOrder(s)).orderId, method: 'manual', amount: 15, reference: 'TRX-1' }) },
  { tool: 'record_payment', variant: 'pending', setup: async (s) => ({ orderId: (await pendingOrder(s)).orderId, method: 'manual', amount: 15, status: 'pending' }) },
  { tool: 'settle_payment', variant: 'succeeded', setup: async (s) => ({ ...(await pendingPayment(s)), status: 'succeeded' }) },
  { tool: 'settle_payment', variant: 'failed', setup: async (s) => ({ ...(await pendingPayment(s)), status: 'failed' }) },
  { tool: 'list_payment_links', setup: async () => ({ limit: 5 }) },
  { tool: 'create_payment_link', setup: async () => ({ amount: 15, description: `Deposit ${unique()}` }) },
  {
    tool: 'cancel_payment_link',
    setup: async (s) => ({ linkId: (await ok(s.mcp, 'create_payment_link', { amount: 15, description: `Deposit ${unique()}` })).paymentLink.id }),
  },

  // promotions and promo ads
  { tool: 'list_promotions', setup: async () => ({ limit: 5 }) },
  { tool: 'create_promotion', setup: async () => ({ code: `NEW${unique()}`.toUpperCase(), kind: 'fixed', value: 5 }) },
  { tool: 'update_promotion', setup: async (s) => ({ promotionId: await promotion(s), active: false }) },
  { tool: 'delete_promotion', setup: async (s) => ({ promotionId: await promotion(s) }) },
  { tool: 'list_promo_ads', setup: async () => ({ limit: 5 }) },
  { tool: 'list_live_promo_ads', setup: async () => ({}) },
  { tool: 'create_promo_ad', setup: async () => ({ title: `Summer ${unique()}`, startsAt: '2026-06-01T00:00:00Z' }) },
  { tool: 'update_promo_ad', setup: async (s) => ({ adId: await promoAd(s), title: `Winter ${unique()}` }) },
  { tool: 'delete_promo_ad', setup: async (s) => ({ adId: await promoAd(s) }) },

  // reviews
  { tool: 'list_reviews', setup: async () => ({ limit: 5 }) },
  { tool: 'get_rating_summary', setup: async (s) => ({ productId: (await review(s)).productId }) },
  { tool: 'create_review', setup: async (s) => ({ productId: (await simpleProduct(s)).id, customerId: await customer(s), rating: 5, body: 'Great' }) },
  { tool: 'reply_to_review', setup: async (s) => ({ reviewId: (await review(s)).reviewId, reply: 'Thank you!' }) },
  { tool: 'remove_review_reply', setup: async (s) => ({ reviewId: (await review(s, 'Thank you!')).reviewId }) },
  { tool: 'set_review_visibility', setup: async (s) => ({ reviewId: (await review(s)).reviewId, hidden: true }) },
  { tool: 'delete_review', setup: async (s) => ({ reviewId: (await review(s)).reviewId }) },

  // the store
  { tool: 'get_store_profile', setup: async () => ({}) },
  { tool: 'update_store_profile', setup: async () => ({ legalName: `Shop ${unique()} LLC` }) },
  { tool: 'list_audit_log', setup: async () => ({ limit: 5 }) },
  { tool: 'get_my_permissions', setup: async () => ({}) },

  // delivery
  { tool: 'list_delivery_zones', setup: async () => ({ limit: 5 }) },
  {
    tool: 'quote_delivery',
    setup: async (s) => {
      const { countryId } = await deliveryZone(s);
      return { countryId, subtotal: 30 };
    },
  },
  { tool: 'create_delivery_zone', setup: async () => ({ name: `Zone ${unique()}`, regions: [{ countryId: nextCountry() }] }) },
  { tool: 'delete_delivery_zone', setup: async (s) => ({ zoneId: (await deliveryZone(s)).zoneId }) },
  { tool: 'create_delivery_option', setup: async (s) => ({ zoneId: (await deliveryZone(s)).zoneId, name: 'Express', fee: 12, estimatedDaysMin: 1, estimatedDaysMax: 2 }) },

  // settings
  { tool: 'get_store_settings', setup: async () => ({}) },
  {
    tool: 'update_store_settings',
    setup: async () => ({ notificationEmail: `ops.${unique()}@example.com` }),
    statePermissions: ['orders:read', 'customers:read', 'inventory:read'],
  },

  // webhooks
  { tool: 'list_webhooks', setup: async () => ({ limit: 5 }) },
  // Reading orders and reviews: permissionsOf adds orders:read and reviews:read to settings:write.
  { tool: 'create_webhook', setup: async () => ({ url: WEBHOOK_URL, eventTypes: ['order.*', 'review.created'], description: `Hook ${unique()}`, enabled: false }) },
  { tool: 'update_webhook', setup: async (s) => ({ webhookId: await webhook(s), eventTypes: ['product.*'], description: `Catalog sync ${unique()}` }) },
  { tool: 'delete_webhook', setup: async (s) => ({ webhookId: (await webhookWithDelivery(s)).webhookId }) },
  { tool: 'rotate_webhook_secret', variant: 'the default overlap', setup: async (s) => ({ webhookId: await webhook(s) }), statePermissions: ['orders:read'] },
  { tool: 'rotate_webhook_secret', variant: 'no overlap', setup: async (s) => ({ webhookId: await webhook(s), overlapSeconds: 0 }), statePermissions: ['orders:read'] },
  { tool: 'list_webhook_deliveries', setup: async (s) => ({ webhookId: (await webhookWithDelivery(s)).webhookId, status: 'pending' }) },
  { tool: 'redeliver_webhook', variant: 'one delivery', setup: async (s) => webhookWithDelivery(s), statePermissions: ['customers:read'] },
  {
    tool: 'redeliver_webhook',
    variant: 'every failed one',
    setup: async (s) => ({ webhookId: (await webhookWithFailedDelivery(s)).webhookId }),
    statePermissions: ['customers:read'],
  },
];

/** A destructive call that the service refuses whatever the merchant would answer, and its refusal's code. */
export interface RefusedScenario extends ToolScenario {
  code: string;
}

/**
 * Destructive calls the service refuses in the state they meet: the merchant must never be asked to consent to them
 * (docs/mcp.md, "Confirmation"): the call without `confirm` is refused with the service's own code, as with it.
 */
export const REFUSED_SCENARIOS: readonly RefusedScenario[] = [
  {
    tool: 'delete_category',
    variant: 'with a product',
    code: 'CATEGORY_NOT_EMPTY',
    setup: async (s) => {
      const categoryId = await category(s);
      await simpleProduct(s, { categoryIds: [categoryId] });
      return { categoryId };
    },
  },
  { tool: 'delete_category', variant: 'unknown', code: 'CATEGORY_NOT_FOUND', setup: async () => ({ categoryId: 'cat_missing' }) },
  { tool: 'delete_product', variant: 'unknown', code: 'PRODUCT_NOT_FOUND', setup: async () => ({ productId: 'prd_missing' }) },
  {
    tool: 'delete_sku',
    variant: 'the last of its group',
    code: 'LAST_SKU',
    setup: async (s) => {
      const { productId, groupId, skuIds } = await variableProduct(s);
      await ok(s.mcp, 'delete_sku', { productId, groupId, skuId: skuIds[1], confirm: true });
      return { productId, groupId, skuId: skuIds[0] };
    },
  },
  {
    tool: 'cancel_payment_link',
    variant: 'already cancelled',
    code: 'PAYMENT_LINK_NOT_ACTIVE',
    setup: async (s) => {
      const { paymentLink } = await ok(s.mcp, 'create_payment_link', { amount: 15, description: `Deposit ${unique()}` });
      await ok(s.mcp, 'cancel_payment_link', { linkId: paymentLink.id, confirm: true });
      return { linkId: paymentLink.id };
    },
  },
  {
    tool: 'settle_payment',
    variant: 'a payment that is not pending',
    code: 'PAYMENT_NOT_PENDING',
    setup: async (s) => {
      const { orderId } = await paidOrder(s);
      const { payments } = await ok(s.mcp, 'list_order_payments', { orderId });
      return { orderId, paymentId: payments.payments[0].id, status: 'failed' };
    },
  },
  {
    tool: 'record_payment',
    variant: 'more than is outstanding',
    code: 'PAYMENT_EXCEEDS_OUTSTANDING',
    setup: async (s) => ({ orderId: (await paidOrder(s)).orderId, method: 'manual', amount: 5 }),
  },
  {
    tool: 'refund_return',
    variant: 'not received yet',
    code: 'RETURN_NOT_REFUNDABLE',
    setup: async (s) => {
      const { orderId, returnId } = await orderReturn(s);
      return { orderId, returnId };
    },
  },
  { tool: 'refund_order', variant: 'an unpaid order', code: 'ORDER_TRANSITION_NOT_ALLOWED', setup: async (s) => ({ orderId: (await pendingOrder(s)).orderId }) },
  { tool: 'refund_order', variant: 'more than is left', code: 'REFUND_EXCEEDS_PAYMENT', setup: async (s) => ({ orderId: (await paidOrder(s)).orderId, amount: 45 }) },
  {
    tool: 'cancel_order',
    variant: 'a refunded order',
    code: 'ORDER_TRANSITION_NOT_ALLOWED',
    setup: async (s) => {
      const { orderId } = await paidOrder(s);
      await ok(s.mcp, 'refund_order', { orderId, confirm: true });
      return { orderId };
    },
  },
  { tool: 'update_order_status', variant: 'to paid, already paid', code: 'ORDER_TRANSITION_NOT_ALLOWED', setup: async (s) => ({ orderId: (await paidOrder(s)).orderId, to: 'paid' }) },
  { tool: 'delete_webhook', variant: 'unknown', code: 'WEBHOOK_NOT_FOUND', setup: async () => ({ webhookId: 'whe_missing' }) },
  { tool: 'rotate_webhook_secret', variant: 'unknown', code: 'WEBHOOK_NOT_FOUND', setup: async () => ({ webhookId: 'whe_missing' }) },
];
