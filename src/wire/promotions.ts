import { z } from 'zod';
import { type Currency, fromMinor } from '../domain/shared/money.ts';
import { PROMOTION_KINDS, type Promotion } from '../domain/promotions/promotion-types.ts';
import { envelope, WireTimestamp, wireInstant, wireTimestamp, type Representation } from './envelope.ts';
import { PAGE_SHORT_CURSOR, pageFields } from './page.ts';

/** GET /v1/promotions: a page. */
export const PromotionListQuery = z.object(pageFields(PAGE_SHORT_CURSOR, 'query'));

export const PromotionRecord = z
  .object({
    id: z.string(),
    code: z.string(),
    kind: z.enum(PROMOTION_KINDS),
    value: z.number().describe('percentage, or amount in the store currency'),
    minSubtotal: z.number(),
    startsAt: WireTimestamp,
    endsAt: WireTimestamp.nullable(),
    usageLimit: z.number().int().nullable(),
    perCustomerLimit: z.number().int().nullable(),
    timesUsed: z.number().int(),
    active: z.boolean(),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'Promotion' });

export function toPromotionRecord(p: Promotion, c: Currency): z.input<typeof PromotionRecord> {
  return {
    id: p.id,
    code: p.code,
    kind: p.kind,
    value: p.kind === 'percentage' ? p.value / 100 : fromMinor(p.value, c),
    minSubtotal: fromMinor(p.minSubtotalMinor, c),
    startsAt: wireTimestamp(p.startsAt),
    endsAt: p.endsAt === null ? null : wireTimestamp(p.endsAt),
    usageLimit: p.usageLimit,
    perCustomerLimit: p.perCustomerLimit,
    timesUsed: p.timesUsed,
    active: p.active,
    createdAt: wireTimestamp(p.createdAt),
    updatedAt: wireTimestamp(p.updatedAt),
  };
}

// The GET representation, for ETags and If-Match on writes.
export const PromotionRep: Representation<Promotion, Currency> = { schema: envelope(PromotionRecord), message: 'Promotion retrieved', toWire: toPromotionRecord };

/** A promotion's body as `PromotionService` takes it: `startsAt` and `endsAt` as instants (null: no end). */
export function promotionInput<T extends { startsAt?: string | undefined; endsAt?: string | null | undefined }>(body: T) {
  return { ...body, startsAt: wireInstant(body.startsAt), endsAt: body.endsAt === null ? null : wireInstant(body.endsAt) };
}
