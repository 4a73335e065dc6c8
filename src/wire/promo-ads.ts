import { z } from 'zod';
import { PromoAdListFilters } from '../domain/promo-ads/promo-ad-schemas.ts';
import { isLive } from '../domain/promo-ads/promo-ad-rules.ts';
import { type PromoAd, PROMO_AD_STATUSES } from '../domain/promo-ads/promo-ad-types.ts';
import { envelope, WireTimestamp, wireTimestamp, type Representation } from './envelope.ts';
import { PAGE_NAMING_RULES, pageFields } from './page.ts';

/** GET /v1/promo-ads: a page of the filtered list. */
export const PromoAdListQuery = z.object({ ...pageFields(PAGE_NAMING_RULES, 'query'), ...PromoAdListFilters });

export const PromoAdRecord = z
  .object({
    id: z.string(),
    title: z.string(),
    body: z.string().nullable(),
    imageFileId: z.string().nullable(),
    linkUrl: z.string().nullable(),
    placement: z.string().nullable().describe('null: any placement'),
    startsAt: WireTimestamp,
    endsAt: WireTimestamp.nullable(),
    status: z.enum(PROMO_AD_STATUSES),
    live: z.boolean().describe('published, started and not ended at the time of the response'),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'PromoAd' });

export function toPromoAdRecord(ad: PromoAd, now: Date): z.input<typeof PromoAdRecord> {
  return {
    id: ad.id,
    title: ad.title,
    body: ad.body,
    imageFileId: ad.imageFileId,
    linkUrl: ad.linkUrl,
    placement: ad.placement,
    startsAt: wireTimestamp(ad.startsAt),
    endsAt: ad.endsAt === null ? null : wireTimestamp(ad.endsAt),
    status: ad.status,
    live: isLive(ad, now),
    createdAt: wireTimestamp(ad.createdAt),
    updatedAt: wireTimestamp(ad.updatedAt),
  };
}

/** The GET representation of an ad at the time of the request (`live` depends on it), for ETags and If-Match on writes. */
export function promoAdRep(now: Date): Representation<PromoAd> {
  return { schema: envelope(PromoAdRecord), message: 'Promo ad retrieved', toWire: (ad) => toPromoAdRecord(ad, now) };
}
