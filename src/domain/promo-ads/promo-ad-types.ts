export const PROMO_AD_STATUSES = ['draft', 'published'] as const;
export type PromoAdStatus = (typeof PROMO_AD_STATUSES)[number];

/** A banner or announcement of a store. It is live while published and `startsAt <= now < endsAt` (or no end). */
export interface PromoAd {
  id: string;
  title: string;
  body: string | null;
  imageFileId: string | null;
  linkUrl: string | null;
  /** where the storefront shows it, a token such as `home-hero`; null: anywhere */
  placement: string | null;
  startsAt: Date;
  endsAt: Date | null;
  status: PromoAdStatus;
  createdAt: Date;
  updatedAt: Date;
}

export interface PromoAdQuery {
  limit: number;
  cursor?: string | undefined;
  status?: PromoAdStatus | undefined;
  placement?: string | undefined;
}

export const PROMO_AD_LIMITS = {
  titleLength: 200,
  bodyLength: 5000,
  linkUrlLength: 2000,
  placementLength: 50,
  /** most ads the published route answers with */
  publishedMax: 100,
} as const;
