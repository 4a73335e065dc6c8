import { z } from 'zod';
import type { StoreContext } from '../../context.ts';
import { OrderCreateBody, OrderListFilters, OrderPatchBody, ShipmentCreateBody } from '../../domain/orders/order-schemas.ts';
import type { OrderService } from '../../domain/orders/order-service.ts';
import { OrderRecord, OrderSummaryRecord, orderListFilter, ShipmentRecord, TransitionsRecord, toOrderRecord, toOrderSummaryRecord, toShipmentRecord, toTransitionsRecord } from '../../wire/orders.ts';
import { pagination } from '../../wire/page.ts';
import { Confirm } from '../confirm.ts';
import { defineTool, Id, listOutput, PageInput, READ, UPDATE } from '../tool.ts';

const area = 'orders' as const;
const Note = z.string().max(2000).optional().describe('why, kept in the order history');

/** One move of the order lifecycle, as POST /v1/orders/{id}/transitions makes it. */
async function move(orders: OrderService, ctx: StoreContext, orderId: string, input: { to: 'paid' | 'fulfilled' | 'delivered' | 'cancelled' | 'refunded' | 'partially_refunded'; note?: string | undefined; amount?: number | undefined }) {
  // Shipping never captures here: a capture is a money move the merchant confirms (update_order_status to paid).
  const { order, currency } = await orders.transition(ctx, orderId, input, { captureWhenShipping: false });
  return { summary: `Order ${order.number} is now ${order.status}`, data: { order: toOrderRecord(order, currency) } };
}

/** Orders and their lifecycle: the same service as /v1/orders. */
export const orderTools = [
  defineTool({
    name: 'list_orders',
    area,
    title: 'List orders',
    description: 'Lists orders, newest first by default, a page at a time. Filters: status, customerId, from/to (ISO 8601 date-times with a zone, on the creation time). Amounts are decimals in the order currency.',
    permission: 'orders:read',
    does: READ,
    input: z.strictObject({ ...PageInput, ...OrderListFilters }),
    output: listOutput(OrderSummaryRecord),
    async run(s, ctx, args) {
      const page = await s.orders.list(ctx, orderListFilter(args));
      return { summary: `${page.items.length} order(s)`, data: { items: page.items.map((o) => toOrderSummaryRecord(o, page.currency)), pagination: pagination(args.limit, page.nextCursor) } };
    },
  }),
  defineTool({
    name: 'get_order',
    area,
    title: 'Get an order',
    description: 'One order with its lines, addresses, totals, payment and refund amounts, and its status history.',
    permission: 'orders:read',
    does: READ,
    input: z.strictObject({ orderId: Id }),
    output: z.object({ order: OrderRecord }),
    async run(s, ctx, args) {
      const { order, currency } = await s.orders.get(ctx, args.orderId);
      return { summary: `Order ${order.number} (${order.status})`, data: { order: toOrderRecord(order, currency) } };
    },
  }),
  defineTool({
    name: 'get_order_next_steps',
    area,
    title: 'What may happen to an order next',
    description: 'The order’s status, the moves allowed from it (with what each does) and how much of the payment can still be refunded. Check this before changing an order’s status.',
    permission: 'orders:read',
    does: READ,
    input: z.strictObject({ orderId: Id }),
    output: z.object({ transitions: TransitionsRecord }),
    async run(s, ctx, args) {
      const t = await s.orders.transitions(ctx, args.orderId);
      return { summary: `Order is ${t.status}; allowed: ${t.moves.map((m) => m.to).join(', ') || 'nothing'}`, data: { transitions: toTransitionsRecord(t) } };
    },
  }),
  defineTool({
    name: 'place_order',
    area,
    title: 'Place an order',
    description:
      'Places an order for a customer: lines of skuId and quantity (SKU ids from get_product). The server computes prices, discounts, the promotion (promotionCode) and totals, and takes the stock atomically (refused naming the SKU when not enough is left). The order starts pending.',
    permission: 'orders:write',
    // A new order, and the stock it takes and the store's next order number.
    does: { effects: ['creates', 'changes'], idempotent: false },
    input: OrderCreateBody,
    output: z.object({ order: OrderRecord }),
    async run(s, ctx, args) {
      const { order, currency } = await s.orders.place(ctx, args);
      return { summary: `Order ${order.number} placed (${order.id}), total ${toOrderRecord(order, currency).total} ${currency.code}`, data: { order: toOrderRecord(order, currency) } };
    },
  }),
  defineTool({
    name: 'update_order',
    area,
    title: 'Change an order’s note or addresses',
    description: 'Changes the note, shipping address or billing address of an order (only the fields sent; null clears).',
    permission: 'orders:write',
    does: UPDATE,
    input: z.strictObject({ orderId: Id, ...OrderPatchBody.shape }),
    output: z.object({ order: OrderRecord }),
    async run(s, ctx, { orderId, ...patch }) {
      const { order, currency } = await s.orders.update(ctx, orderId, patch);
      return { summary: `Order ${order.number} updated`, data: { order: toOrderRecord(order, currency) } };
    },
  }),
  defineTool({
    name: 'update_order_status',
    area,
    title: 'Move an order forward',
    description:
      'Moves an order along its lifecycle: paid (records a payment of what is outstanding, or captures card money a provider authorized; from pending; needs confirm: true), fulfilled (ships all not shipped yet from where it is allocated; from paid), delivered (from fulfilled). A move that is not allowed from the current status is refused naming it. To cancel or refund use cancel_order or refund_order.',
    permission: 'orders:write',
    does: { effects: ['creates', 'changes', 'moves-money'], idempotent: false },
    // Marking an order paid records a payment of its full total: money on the books, as record_payment.
    // Fulfilled ships what is not shipped yet: its shipments are new rows (docs/fulfilment.md).
    effectsOf: (a) => (a.to === 'paid' ? ['changes', 'moves-money'] : a.to === 'fulfilled' ? ['creates', 'changes'] : ['changes']),
    confirm: (a) => `mark order ${a.orderId} paid, recording a payment of what is still outstanding of its total (payments already recorded count; card money a provider authorized is captured instead)`,
    precheck: (s, ctx, a) => s.orders.checkTransition(ctx, a.orderId, { to: a.to, note: a.note }, { captureWhenShipping: false }),
    input: z.strictObject({
      orderId: Id,
      to: z.enum(['paid', 'fulfilled', 'delivered']).describe('the new status'),
      note: Note,
      confirm: Confirm.describe('must be true to mark the order paid (it records a payment); ask the merchant first. Not needed for fulfilled or delivered'),
    }),
    output: z.object({ order: OrderRecord }),
    run: (s, ctx, args) => move(s.orders, ctx, args.orderId, { to: args.to, note: args.note }),
  }),
  defineTool({
    name: 'cancel_order',
    area,
    title: 'Cancel an order',
    description: 'Cancels a pending or paid order: its units go back in stock, and every payment recorded against it is refunded. Irreversible: needs confirm: true.',
    permission: 'orders:write',
    does: { effects: ['changes', 'moves-money'], idempotent: true },
    confirm: (a) => `cancel order ${a.orderId}: its units go back in stock and every payment recorded against it is refunded`,
    precheck: (s, ctx, a) => s.orders.checkTransition(ctx, a.orderId, { to: 'cancelled', note: a.note }),
    input: z.strictObject({ orderId: Id, note: Note, confirm: Confirm }),
    output: z.object({ order: OrderRecord }),
    run: (s, ctx, args) => move(s.orders, ctx, args.orderId, { to: 'cancelled', note: args.note }),
  }),
  defineTool({
    name: 'refund_order',
    area,
    title: 'Refund an order',
    description:
      'Refunds a paid, fulfilled or delivered order: without amount, everything left of the payment (status refunded); with amount (in the order currency, less than what is left), part of it (status partially_refunded). Stock is not returned. Moves money: needs confirm: true.',
    permission: 'orders:write',
    does: { effects: ['moves-money'], idempotent: false },
    confirm: (a) => (a.amount === undefined ? `refund everything left of the payment of order ${a.orderId}` : `refund ${a.amount} of the payment of order ${a.orderId}`),
    input: z.strictObject({ orderId: Id, amount: z.number({ error: 'must be a number' }).optional().describe('part of the payment to refund, in the order currency; leave out to refund all that is left'), note: Note, confirm: Confirm }),
    output: z.object({ order: OrderRecord }),
    precheck: (s, ctx, args) => s.orders.checkTransition(ctx, args.orderId, refundMove(args)),
    run: (s, ctx, args) => move(s.orders, ctx, args.orderId, refundMove(args)),
  }),
  defineTool({
    name: 'create_shipment',
    area,
    title: 'Ship lines of an order',
    description:
      "Ships lines of a paid order from one location (ids from list_locations), with carrier and tracking: each line by lineId or skuId, at most what is left to ship. The order's fulfilmentStatus follows; shipping the last unit makes it fulfilled. An order a provider only authorized is refused: capture it first (update_order_status to paid).",
    permission: 'orders:write',
    does: { effects: ['creates', 'changes'], idempotent: false },
    input: ShipmentCreateBody.extend({ orderId: Id }),
    output: z.object({ shipment: ShipmentRecord }),
    async run(s, ctx, { orderId, ...input }) {
      // Never captures here: a capture is a money move the merchant confirms (update_order_status to paid).
      const { shipment, order } = await s.shipments.create(ctx, orderId, input, { capture: false });
      return { summary: `Shipment ${shipment.id} of order ${order.number} (${order.fulfilmentStatus})`, data: { shipment: toShipmentRecord(shipment) } };
    },
  }),
  defineTool({
    name: 'list_shipments',
    area,
    title: "List an order's shipments",
    description: 'The shipments of an order, oldest first: location, carrier, tracking, status (shipped, delivered) and lines.',
    permission: 'orders:read',
    does: READ,
    input: z.strictObject({ orderId: Id }),
    output: z.object({ shipments: z.array(ShipmentRecord) }),
    async run(s, ctx, args) {
      const shipments = await s.shipments.list(ctx, args.orderId);
      return { summary: `${shipments.length} shipment(s)`, data: { shipments: shipments.map(toShipmentRecord) } };
    },
  }),
];

/** The lifecycle move `refund_order` makes: everything left, or `amount` of it. */
function refundMove(args: { amount?: number | undefined; note?: string | undefined }) {
  return args.amount === undefined ? { to: 'refunded' as const, note: args.note } : { to: 'partially_refunded' as const, amount: args.amount, note: args.note };
}
