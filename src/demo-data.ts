import { crc32, deflateSync } from 'node:zlib';
import type { Container } from './container.ts';
import type { StoreContext } from './context.ts';
import type { OrderStatus } from './domain/orders/order-types.ts';

/** Progress as `seed` reports it: a line, and whether it is the last one of its step. */
type Progress = (line: string, final: boolean) => void;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** mulberry32: a tiny seeded PRNG, so the demo store looks the same on every machine (relative to today). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A small product picture made in code: a 96×96 RGB PNG, a sky of `color` over a darker ridge, so a few products have
 * images without shipping binary files.
 */
export function demoPng([r, g, b]: readonly [number, number, number]): Buffer {
  const size = 96;
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3); // filter byte 0 (None) at the start of each row
    for (let x = 0; x < size; x++) {
      const ridge = y > 60 + 14 * Math.sin(x / 11);
      const shade = ridge ? 0.45 : 1 - y / 400;
      raw.set([Math.round(r * shade), Math.round(g * shade), Math.round(b * shade)], row + 1 + x * 3);
    }
  }
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, compression 0 (deflate), filter method 0, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const CATEGORY_COLORS: readonly (readonly [number, number, number])[] = [
  [70, 130, 180],
  [205, 133, 63],
  [46, 139, 87],
  [218, 165, 32],
  [147, 112, 219],
];

const CATEGORIES = ['Apparel', 'Footwear', 'Bags & Packs', 'Camp & Hike', 'Accessories'] as const;
type CategoryName = (typeof CATEGORIES)[number];

/** [name, category, price, stock]; a stock of 5 or less puts the product on the low-stock list (and out of orders). */
const SIMPLE_PRODUCTS: ReadonlyArray<readonly [string, CategoryName, number, number]> = [
  ['Merino Wool Beanie', 'Accessories', 24.99, 140],
  ['Trail Running Socks (3-pack)', 'Accessories', 18.5, 220],
  ['Insulated Steel Bottle 750 ml', 'Camp & Hike', 29.0, 160],
  ['Titanium Camp Mug', 'Camp & Hike', 34.95, 4],
  ['Ultralight Headlamp', 'Camp & Hike', 39.99, 120],
  ['Two-Person Dome Tent', 'Camp & Hike', 249.0, 35],
  ['Down Sleeping Bag -5°C', 'Camp & Hike', 289.0, 3],
  ['Self-Inflating Sleeping Pad', 'Camp & Hike', 89.0, 60],
  ['Collapsible Trekking Poles', 'Camp & Hike', 64.5, 80],
  ['Compact Camp Stove', 'Camp & Hike', 54.99, 75],
  ['Waterproof Dry Bag 20 L', 'Bags & Packs', 27.99, 130],
  ['Daypack 22 L', 'Bags & Packs', 79.0, 90],
  ['Hiking Backpack 45 L', 'Bags & Packs', 159.0, 45],
  ['Canvas Tote', 'Bags & Packs', 22.0, 2],
  ['Hip Pack', 'Bags & Packs', 34.0, 110],
  ['Packable Rain Shell', 'Apparel', 129.0, 70],
  ['Quarter-Zip Fleece', 'Apparel', 69.0, 85],
  ['Softshell Hiking Pants', 'Apparel', 84.0, 65],
  ['Sun Hoodie UPF 50', 'Apparel', 49.0, 95],
  ['Leather Trail Gloves', 'Accessories', 38.0, 100],
  ['Polarized Sunglasses', 'Accessories', 59.0, 5],
  ['Camp Chair', 'Camp & Hike', 74.99, 55],
  ['First Aid Kit', 'Camp & Hike', 32.5, 150],
  ['Gaiters', 'Footwear', 42.0, 70],
];

/** VARIABLE products: two variant groups (the first dimension) with SKUs along the second. */
const VARIABLE_PRODUCTS: ReadonlyArray<{ name: string; code: string; category: CategoryName; price: number; group: string; values: [string, string]; sku: string; options: string[] }> = [
  { name: 'Organic Cotton Tee', code: 'TEE', category: 'Apparel', price: 28, group: 'Color', values: ['Navy', 'Heather Grey'], sku: 'Size', options: ['S', 'M', 'L'] },
  { name: 'Flannel Shirt', code: 'FLN', category: 'Apparel', price: 59, group: 'Color', values: ['Red Plaid', 'Forest Plaid'], sku: 'Size', options: ['M', 'L', 'XL'] },
  { name: 'Insulated Puffer Jacket', code: 'PUF', category: 'Apparel', price: 189, group: 'Color', values: ['Black', 'Olive'], sku: 'Size', options: ['S', 'M', 'L'] },
  { name: 'Trail Runner', code: 'TRN', category: 'Footwear', price: 135, group: 'Color', values: ['Slate', 'Sunset'], sku: 'Size', options: ['42', '43', '44'] },
  { name: 'Waterproof Hiking Boot', code: 'BOT', category: 'Footwear', price: 179, group: 'Width', values: ['Regular', 'Wide'], sku: 'Size', options: ['42', '44'] },
  { name: 'Rolltop Backpack 28 L', code: 'RTP', category: 'Bags & Packs', price: 119, group: 'Color', values: ['Charcoal', 'Mustard'], sku: 'Back length', options: ['S/M', 'M/L'] },
];

const CUSTOMERS: ReadonlyArray<readonly [string, string, string, string, string]> = [
  ['Ava Thompson', '1420 N Milwaukee Ave', 'Chicago', '60622', 'US-IL'],
  ['Liam Carter', '88 Pearl St', 'Denver', '80203', 'US-CO'],
  ['Sofia Martinez', '2150 Mission St', 'San Francisco', '94110', 'US-CA'],
  ['Noah Patel', '415 Pine St', 'Seattle', '98101', 'US-WA'],
  ['Mia Johnson', '77 Court St', 'Brooklyn', '11201', 'US-NY'],
  ['Ethan Nguyen', '1900 SE Hawthorne Blvd', 'Portland', '97214', 'US-OR'],
  ['Isabella Rossi', '12 Beacon St', 'Boston', '02108', 'US-MA'],
  ['Lucas Kim', '600 Congress Ave', 'Austin', '78701', 'US-TX'],
  ['Harper Wilson', '305 W Main St', 'Bozeman', '59715', 'US-MT'],
  ['James O’Connor', '250 S Main St', 'Salt Lake City', '84101', 'US-UT'],
  ['Chloe Dubois', '901 Broadway', 'Nashville', '37203', 'US-TN'],
  ['Benjamin Lee', '45 Church St', 'Burlington', '05401', 'US-VT'],
];

const ORDER_COUNT = 60;

/**
 * Fills a demo store with a catalog, customers and ~60 orders spread over the last 60 days in several states, all
 * through the services (a context whose `now` is in the past dates a record in the past). Deterministic: a fixed seed.
 */
export async function seedDemoStore(container: Container, ctx: StoreContext, progress?: Progress): Promise<void> {
  const { categories, products, variants, customers, delivery, orders, files } = container.services;
  const rng = mulberry32(0x5eed_2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
  const today = Date.UTC(ctx.now.getUTCFullYear(), ctx.now.getUTCMonth(), ctx.now.getUTCDate());
  const latest = ctx.now.getTime() - 60_000;
  /** A context acting at `daysAgo` days before today, at `hour` (UTC, fractional), never later than now. */
  const at = (time: number): StoreContext => ({ ...ctx, now: new Date(Math.min(time, latest)) });
  const day = (daysAgo: number, hour: number) => today - daysAgo * DAY_MS + hour * HOUR_MS;

  const catalogCtx = at(day(70, 9));
  const categoryIds = new Map<CategoryName, string>();
  for (const [i, name] of CATEGORIES.entries()) {
    const category = await categories.create(catalogCtx, { name, position: i });
    categoryIds.set(name, category.id);
  }
  progress?.(`seeding demo store: categories ${CATEGORIES.length}/${CATEGORIES.length}`, true);

  // One picture per category, used by the first SIMPLE product of each.
  const pictures = new Map<CategoryName, string>();
  for (const [i, name] of CATEGORIES.entries()) {
    const png = demoPng(CATEGORY_COLORS[i]!);
    const stored = await files.upload(catalogCtx, {
      files: (async function* () {
        yield { field: 'file', filename: `${name.toLowerCase().replace(/\W+/g, '-')}.png`, declaredType: 'image/png', content: (async function* () { yield png; })() };
      })(),
    });
    pictures.set(name, stored.id);
  }
  progress?.(`seeding demo store: images ${CATEGORIES.length}/${CATEGORIES.length}`, true);

  /** SKUs that orders may use (plenty in stock), with their unit price for nothing but variety. */
  const orderable: string[] = [];
  const total = SIMPLE_PRODUCTS.length + VARIABLE_PRODUCTS.length;
  let made = 0;
  const report = () => progress?.(`seeding demo store: products ${++made}/${total}`, made === total);
  for (const [i, [name, category, price, stock]] of SIMPLE_PRODUCTS.entries()) {
    const picture = pictures.get(category);
    pictures.delete(category);
    const { product } = await products.create(catalogCtx, {
      imageFileIds: picture ? [picture] : [],
      type: 'SIMPLE',
      name,
      status: 'active',
      description: `${name}, built for weekends outdoors and tested on the trail.`,
      categoryIds: [categoryIds.get(category)!],
      price,
      discount: i % 7 === 3 ? 10 : 0,
      quantityInStock: stock,
      sku: `NW-${String(i + 1).padStart(3, '0')}`,
    });
    if (stock > 5 && product.simpleSku) orderable.push(product.simpleSku.id);
    report();
  }
  for (const p of VARIABLE_PRODUCTS) {
    const { product } = await products.create(catalogCtx, {
      type: 'VARIABLE',
      name: p.name,
      status: 'active',
      description: `${p.name} in ${p.values.join(' and ')}.`,
      categoryIds: [categoryIds.get(p.category)!],
    });
    for (const [g, value] of p.values.entries()) {
      const { group } = await variants.addGroup(catalogCtx, product.id, {
        attributeName: p.group,
        attributeValue: value,
        skus: p.options.map((option, o) => ({
          price: p.price + (o === p.options.length - 1 && p.group !== 'Color' ? 10 : 0),
          // The last size of the second colour runs low, so the low-stock list has variants too.
          quantityInStock: g === 1 && o === p.options.length - 1 ? 3 : 40 + Math.floor(rng() * 80),
          sku: `NW-${p.code}-${value.slice(0, 3).toUpperCase()}${g}-${option.replace(/\W/g, '')}`,
          attributes: { [p.sku]: option },
        })),
      });
      for (const sku of group.skus) if (sku.quantityInStock > 5) orderable.push(sku.id);
    }
    report();
  }

  const { zone } = await delivery.createZone(catalogCtx, { name: 'United States', regions: [{ countryId: 'US', stateId: null }] });
  const standard = await delivery.createOption(catalogCtx, zone.id, { name: 'Standard', fee: 5.99, freeOver: 75, estimatedDaysMin: 3, estimatedDaysMax: 5, active: true });
  const express = await delivery.createOption(catalogCtx, zone.id, { name: 'Express', fee: 14.99, freeOver: null, estimatedDaysMin: 1, estimatedDaysMax: 2, active: true });
  progress?.('seeding demo store: delivery 1 zone, 2 options', true);

  /** Customers join between 75 and 20 days ago, so "new customers" has something in the last 30 days too. */
  const people: Array<{ id: string; joinedDaysAgo: number }> = [];
  for (const [i, [name, line1, city, postalCode, stateId]] of CUSTOMERS.entries()) {
    const joinedDaysAgo = 75 - i * 5;
    const email = `${name.split(' ')[0]!.toLowerCase()}.${name.split(' ').at(-1)!.toLowerCase().replace(/\W/g, '')}@example.com`;
    const { customer } = await customers.create(at(day(joinedDaysAgo, 10 + rng() * 9)), {
      name,
      email,
      phone: `+1 555 01${String(i).padStart(2, '0')}`,
      addresses: [{ label: 'Home', name, line1, city, postalCode, stateId, countryId: 'US' }],
    });
    people.push({ id: customer.id, joinedDaysAgo });
    progress?.(`seeding demo store: customers ${i + 1}/${CUSTOMERS.length}`, i + 1 === CUSTOMERS.length);
  }

  // Order days, oldest first (so order numbers follow time), a little busier lately.
  const days = Array.from({ length: ORDER_COUNT }, () => Math.floor(59.99 * rng() ** 1.15)).sort((a, b) => b - a);
  const statuses = new Map<OrderStatus, number>();
  for (const [n, daysAgo] of days.entries()) {
    const placedAt = day(daysAgo, 8 + rng() * 13);
    const buyers = people.filter((c) => c.joinedDaysAgo > daysAgo);
    const lineCount = 1 + Math.floor(rng() * rng() * 3);
    const skuIds = new Set<string>();
    while (skuIds.size < lineCount) skuIds.add(pick(orderable));
    const { order, currency } = await orders.place(at(placedAt), {
      customerId: pick(buyers).id,
      lines: [...skuIds].map((skuId) => ({ skuId, quantity: rng() < 0.8 ? 1 : 2 })),
      deliveryOptionId: rng() < 0.8 ? standard.option.id : express.option.id,
    });
    // Where the order is heading, and when each move happens; moves that would be in the future have not happened yet,
    // so recent orders stop part-way (pending, paid, fulfilled).
    const fate = rng();
    const paidAt = placedAt + (0.1 + rng()) * HOUR_MS;
    const shippedAt = paidAt + (18 + rng() * 30) * HOUR_MS;
    const deliveredAt = shippedAt + (2 + rng() * 3) * DAY_MS;
    const refundAt = deliveredAt + (1 + rng() * 5) * DAY_MS;
    const plan: Array<{ to: OrderStatus; time: number; amount?: number; note?: string }> =
      fate < 0.08
        ? [{ to: 'cancelled', time: placedAt + (1 + rng() * 20) * HOUR_MS, note: 'Customer changed their mind' }]
        : [
            { to: 'paid', time: paidAt },
            { to: 'fulfilled', time: shippedAt },
            { to: 'delivered', time: deliveredAt },
            ...(fate > 0.95
              ? [{ to: 'refunded' as const, time: refundAt, note: 'Returned unworn' }]
              : fate > 0.89
                ? [{ to: 'partially_refunded' as const, time: refundAt, amount: Math.round(order.totalMinor * 0.3) / 10 ** currency.digits, note: 'Partial return' }]
                : []),
          ];
    let status = order.status;
    for (const step of plan) {
      if (step.time > latest) break;
      const moved = await orders.transition(at(step.time), order.id, { to: step.to, note: step.note, amount: step.amount });
      status = moved.order.status;
    }
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    progress?.(`seeding demo store: orders ${n + 1}/${ORDER_COUNT}`, false);
  }
  const byStatus = [...statuses].map(([s, c]) => `${c} ${s}`).join(', ');
  progress?.(`seeding demo store: orders ${ORDER_COUNT}/${ORDER_COUNT} (${byStatus})`, true);
}
