import { parseWireTimestamp } from '../api/session.ts';
import type { DataOf } from '../api/wire.ts';

type PromoAdRecord = DataOf<'/v1/promo-ads', 'post'>;

export const promoAdsKey = (storeId: string, mode: string) => ['tenant', storeId, mode, 'promo-ads'] as const;
/** The overview's ads live now (`GET /v1/promo-ads/published`). */
export const publishedAdsKey = (storeId: string, mode: string) => ['tenant', storeId, mode, 'promo-ads-published'] as const;

/** Where an ad stands now: a draft, or published and scheduled, live or ended (the API's `live` as of its answer). */
export function adState(ad: PromoAdRecord, now = Date.now()): string {
  if (ad.status === 'draft') return 'Draft (not shown)';
  if (ad.live) return 'Published · live now';
  if (parseWireTimestamp(ad.startsAt) > now) return 'Published · starts later';
  return 'Published · ended';
}
