import { z } from 'zod';
import { fromMinor } from '../domain/shared/money.ts';
import type { DomainEvent, RenderedEvent } from '../domain/webhooks/types.ts';
import { ProductRecord, SkuRecord, toProductRecord, toSkuRecord } from './catalog.ts';
import { ConnectedAppRecord, toConnectedAppRecord } from './connected-apps.ts';
import { CustomerRecord, toCustomerRecord } from './customers.ts';
import { LevelRecord, toLevelRecord } from './locations.ts';
import { OrderRecord, ShipmentRecord, toOrderRecord, toShipmentRecord } from './orders.ts';
import { PaymentLinkRecord, PaymentRecord, ProviderPaymentRecord, toPaymentLinkRecord, toPaymentRecord, toProviderPaymentRecord } from './payments.ts';
import { ReturnRecord, toReturnRecord } from './returns.ts';
import { ReviewRecord, toReviewRecord } from './reviews.ts';
import { currencyOf } from '../domain/shared/money.ts';

/**
 * A record as the GET route's response serializer writes it: encoded through the record's schema (which also drops
 * any field the schema does not name), so `data` holds exactly what the GET's `data` holds.
 */
function record<S extends z.ZodType>(schema: S, value: z.input<S>): Record<string, unknown> {
  return z.encode(schema, value as z.output<S>) as Record<string, unknown>;
}

/**
 * An event's wire form: `data` is the REST record of the resource at the time of the event (the same mapper and
 * schema the resource's GET uses: GET /v1/orders/{id}, /v1/products/{id}, /v2/products/{id}/variant-groups/{groupId}/
 * skus/{skuId}, /v1/customers/{id}, /v1/reviews/{id}, an entry of GET /v1/connected-apps), `change` what moved
 * (money as decimals in the order currency). The publisher (domain/webhooks/publisher.ts) wraps it in the envelope.
 */
export function renderEvent(event: DomainEvent, now: Date): RenderedEvent {
  switch (event.type) {
    case 'order.created':
    case 'checkout.completed':
      return { resource: { type: 'order', id: event.order.id }, data: record(OrderRecord, toOrderRecord(event.order, event.currency)) };
    case 'order.status_changed':
      return {
        resource: { type: 'order', id: event.order.id },
        data: record(OrderRecord, toOrderRecord(event.order, event.currency)),
        change: { from: event.from, to: event.to },
      };
    case 'order.refunded':
      return {
        resource: { type: 'order', id: event.order.id },
        data: record(OrderRecord, toOrderRecord(event.order, event.currency)),
        change: { amount: fromMinor(event.amountMinor, event.currency), tax: fromMinor(event.taxMinor ?? 0, event.currency), refunded: fromMinor(event.order.refundedMinor, event.currency) },
      };
    case 'shipment.created':
    case 'shipment.delivered':
      return {
        resource: { type: 'shipment', id: event.shipment.id },
        data: record(ShipmentRecord, toShipmentRecord(event.shipment)),
        change: { orderId: event.order.id, orderNumber: event.order.number, fulfilmentStatus: event.order.fulfilmentStatus },
      };
    case 'product.created':
    case 'product.updated':
    case 'product.deleted':
      return { resource: { type: 'product', id: event.product.id }, data: record(ProductRecord, toProductRecord(event.product, event.currency)) };
    case 'sku.stock_changed':
      return {
        resource: { type: 'sku', id: event.sku.id },
        data: record(SkuRecord, toSkuRecord(event.sku, event.currency)),
        change: { from: event.from, to: event.to, reason: event.reason },
      };
    case 'inventory.low_stock':
      return {
        resource: { type: 'sku', id: event.sku.id },
        data: record(SkuRecord, toSkuRecord(event.sku, event.currency)),
        change: { threshold: event.threshold, from: event.from, to: event.to },
      };
    case 'inventory_level.updated':
      return {
        resource: { type: 'inventory_level', id: `${event.level.locationId}:${event.level.skuId}` },
        data: record(LevelRecord, toLevelRecord(event.level)),
        change: {
          from: event.from,
          to: event.to,
          reason: event.reason,
          ...(event.allocatedFrom !== undefined ? { allocatedFrom: event.allocatedFrom, allocatedTo: event.level.allocated } : {}),
        },
      };
    case 'customer.created':
    case 'customer.banned':
      return { resource: { type: 'customer', id: event.customer.id }, data: record(CustomerRecord, toCustomerRecord(event.customer, event.currency, now)) };
    case 'review.created':
      return { resource: { type: 'review', id: event.review.id }, data: record(ReviewRecord, toReviewRecord(event.review)) };
    case 'app.connected':
    case 'app.disconnected':
      return { resource: { type: 'app', id: event.app.clientId }, data: record(ConnectedAppRecord, toConnectedAppRecord(event.app)) };
    case 'payment.succeeded':
    case 'payment.failed':
      return { resource: { type: 'payment', id: event.payment.id }, data: record(ProviderPaymentRecord, toProviderPaymentRecord(event.payment)) };
    case 'payment_link.paid':
      return { resource: { type: 'payment_link', id: event.link.id }, data: record(PaymentLinkRecord, toPaymentLinkRecord(event.link)) };
    case 'refund.succeeded':
      return { resource: { type: 'refund', id: event.refund.id }, data: record(PaymentRecord, toPaymentRecord(event.refund, event.currency)) };
    case 'return.received':
      return {
        resource: { type: 'return', id: event.ret.id },
        data: record(ReturnRecord, toReturnRecord(event.ret, currencyOf(event.order.currency))),
        change: { orderId: event.order.id, orderNumber: event.order.number },
      };
  }
}
