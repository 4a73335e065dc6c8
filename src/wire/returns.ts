import { z } from 'zod';
import { RETURN_REASONS, RETURN_STATUSES, type Return } from '../domain/returns/types.ts';
import { type Currency, fromMinor } from '../domain/shared/money.ts';
import { WireTimestamp, wireTimestamp } from './envelope.ts';
import { PAGE_SHORT_CURSOR, pageFields } from './page.ts';

/** GET /v1/orders/{orderId}/returns: a page of the order's returns, oldest first. */
export const ReturnListQuery = z.object(pageFields(PAGE_SHORT_CURSOR, 'query'));

/** A return as GET /v1/orders/{orderId}/returns/{returnId} answers it (money as decimals in the order currency). */
export const ReturnRecord = z
  .object({
    id: z.string(),
    orderId: z.string(),
    status: z.enum(RETURN_STATUSES).describe('requested → received → refunded, or closed without a refund'),
    reason: z.enum(RETURN_REASONS),
    note: z.string().nullable(),
    locationId: z.string().nullable().describe('the stock location it was received into; null until received'),
    lines: z.array(
      z.object({
        id: z.string(),
        lineId: z.string().describe('the order line'),
        quantity: z.number().int(),
        restock: z.boolean().nullable().describe('null until received; true: back on hand at the location; false: written off'),
        refund: z.number().nullable().describe('what these units refunded (null until refunded)'),
        tax: z.number().nullable().describe('the tax share of these units (null until refunded)'),
      }),
    ),
    refund: z.number().nullable().describe('what the return refunded through the order\'s payments (null until refunded)'),
    tax: z.number().nullable().describe('the tax the refund carries (null until refunded)'),
    deliveryRefunded: z.number().nullable().describe('the delivery fee refunded with this return (0 when not; null until refunded)'),
    createdBy: z.object({ type: z.string(), id: z.string(), label: z.string() }),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
    receivedAt: WireTimestamp.nullable(),
    refundedAt: WireTimestamp.nullable(),
    closedAt: WireTimestamp.nullable(),
  })
  .meta({ id: 'Return' });

export function toReturnRecord(r: Return, c: Currency): z.input<typeof ReturnRecord> {
  const m = (minor: number | null) => (minor === null ? null : fromMinor(minor, c));
  const at = (d: Date | null) => (d === null ? null : wireTimestamp(d));
  return {
    id: r.id,
    orderId: r.orderId,
    status: r.status,
    reason: r.reason,
    note: r.note,
    locationId: r.locationId,
    lines: r.lines.map((l) => ({ id: l.id, lineId: l.orderLineId, quantity: l.quantity, restock: l.restock, refund: m(l.refundMinor), tax: m(l.taxMinor) })),
    refund: m(r.refundMinor),
    tax: m(r.taxMinor),
    deliveryRefunded: m(r.deliveryMinor),
    createdBy: { type: r.actorType, id: r.actorId, label: r.actorLabel },
    createdAt: wireTimestamp(r.createdAt),
    updatedAt: wireTimestamp(r.updatedAt),
    receivedAt: at(r.receivedAt),
    refundedAt: at(r.refundedAt),
    closedAt: at(r.closedAt),
  };
}
