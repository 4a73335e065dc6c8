import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { z } from 'zod';
import { DOC, docSection, type Example, examplesModule, MODULE, normalize, RESOURCE_NAMES, recordExamples, renderExamples } from '../scripts/webhook-examples.ts';
import { EVENT_CATALOG, EVENT_TYPES } from '../src/domain/webhooks/event-types.ts';
import { ProductRecord, SkuRecord } from '../src/wire/catalog.ts';
import { ConnectedAppRecord } from '../src/wire/connected-apps.ts';
import { CustomerRecord } from '../src/wire/customers.ts';
import { OrderRecord, ShipmentRecord } from '../src/wire/orders.ts';
import { ReviewRecord } from '../src/wire/reviews.ts';
import { LevelRecord } from '../src/wire/locations.ts';
import { ReturnRecord } from '../src/wire/returns.ts';
import { PaymentLinkRecord, PaymentRecord, ProviderPaymentRecord } from '../src/wire/payments.ts';
import { WireTimestamp } from '../src/wire/envelope.ts';

/** The REST record each resource's `data` is (src/wire/webhook-events.ts). */
const RECORDS: Record<string, z.ZodObject> = {
  order: OrderRecord,
  product: ProductRecord,
  sku: SkuRecord,
  customer: CustomerRecord,
  review: ReviewRecord,
  app: ConnectedAppRecord,
  payment: ProviderPaymentRecord,
  payment_link: PaymentLinkRecord,
  refund: PaymentRecord,
  inventory_level: LevelRecord,
  return: ReturnRecord,
  shipment: ShipmentRecord,
};

/** The `change` each type carries (test/webhook-events.test.ts checks the values). */
const CHANGES: Record<string, string[] | undefined> = {
  'order.status_changed': ['from', 'to'],
  'order.refunded': ['amount', 'tax', 'refunded'],
  'sku.stock_changed': ['from', 'to', 'reason'],
  'inventory.low_stock': ['threshold', 'from', 'to'],
  'inventory_level.updated': ['from', 'to', 'reason'],
  'return.received': ['orderId', 'orderNumber'],
  'shipment.created': ['orderId', 'orderNumber', 'fulfilmentStatus'],
  'shipment.delivered': ['orderId', 'orderNumber', 'fulfilmentStatus'],
};

const doc = readFileSync(DOC, 'utf8');
const section = docSection(doc);

/** The JSON bodies of the generated section, in order. */
function documentedExamples(): Example[] {
  assert.ok(section, 'docs/webhooks.md has the generated examples section (node scripts/webhook-examples.ts --write)');
  return [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]!) as Example);
}

describe('docs/webhooks.md', () => {
  it('shows one example per event type, in the catalog order, each with the envelope and the REST record of its resource', () => {
    const examples = documentedExamples();
    assert.deepEqual(
      examples.map((e) => e.type),
      EVENT_TYPES,
    );
    for (const e of examples) {
      const { resource } = EVENT_CATALOG[e.type];
      assert.deepEqual(Object.keys(e), ['id', 'type', 'createdAt', 'storeId', 'mode', 'data', ...(CHANGES[e.type] ? ['change'] : [])], e.type);
      assert.match(e.id, /^evt_[0-9A-Z]{26}$/);
      WireTimestamp.parse(e.createdAt);
      // Card payments are taken by the test provider, in test mode only (a checkout's too).
      assert.equal(e.mode, (EVENT_CATALOG[e.type].permission === 'payments:read' && e.type !== 'refund.succeeded') || e.type === 'checkout.completed' ? 'test' : 'live', e.type);
      const schema = RECORDS[resource];
      assert.ok(schema, `a record schema for ${resource}`);
      schema.parse(e.data);
      assert.deepEqual(Object.keys(e.data).sort(), Object.keys(schema.shape).sort(), `${e.type}: data has exactly the fields of the record`);
      if (CHANGES[e.type]) assert.deepEqual(Object.keys(e.change!), CHANGES[e.type], e.type);
    }
  });

  it('lists every event type in the catalog table with its permission and resource', () => {
    for (const type of EVENT_TYPES) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${type}\` |`));
      assert.ok(row, `${type} has a row in the event type table`);
      const { permission, resource } = EVENT_CATALOG[type];
      assert.ok(row.includes(`| \`${permission}\` |`), `${type}: ${permission}`);
      assert.ok(row.endsWith(`| the ${RESOURCE_NAMES[resource]} |`), `${type}: in order with the events of its ${resource}`);
    }
  });

  it('has the examples the service sends now (ids and times aside): node scripts/webhook-examples.ts --write updates them', async () => {
    const fresh = renderExamples(await recordExamples());
    assert.equal(normalize(section!), normalize(fresh));
  });
});

describe('the examples GET /v1/webhooks/event-types serves', () => {
  it('are the documented ones, generated with them', async () => {
    assert.ok(section);
    assert.equal(normalize(readFileSync(MODULE, 'utf8')), normalize(examplesModule(section)), 'src/wire/webhook-examples.ts: run node scripts/webhook-examples.ts --write');
    const { WEBHOOK_EXAMPLES } = await import('../src/wire/webhook-examples.ts');
    assert.deepEqual(Object.keys(WEBHOOK_EXAMPLES), EVENT_TYPES);
  });
});
