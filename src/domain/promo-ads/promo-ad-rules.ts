import type { PromoAd } from './promo-ad-types.ts';

/** Live now: published, started, and not ended. The published route lists exactly these. */
export function isLive(ad: Pick<PromoAd, 'status' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  return ad.status === 'published' && ad.startsAt.getTime() <= now.getTime() && (ad.endsAt === null || ad.endsAt.getTime() > now.getTime());
}

/** An absolute http(s) URL with a host, and without a user name or password in it. */
export function isHttpUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '' && /^https?:\/\//i.test(text);
}
