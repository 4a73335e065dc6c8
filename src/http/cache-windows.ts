/**
 * Time-based caching for the cached read routes (docs/http-caching.md, "Cache-Control"). A window applies when the request
 * sends `X-Enable-Cache: true` or comes from the dashboard (`X-Service-Client: dashboard`); otherwise the route
 * answers like any other (`no-cache, private`, ETag validation).
 */
export type Revalidation = { kind: 'plain' } | { kind: 'must-revalidate' } | { kind: 'stale-while-revalidate'; seconds: number };

export interface CacheWindow {
  /** max-age in seconds */
  maxAge: number;
  revalidation: Revalidation;
}

/** Keyed by the route's URL pattern as registered (GET; HEAD follows GET). */
export const CACHE_WINDOWS: Readonly<Record<string, CacheWindow>> = {
  '/v1/promo-ads/published': { maxAge: 1800, revalidation: { kind: 'plain' } },
  '/v1/dashboard/overview/summary': { maxAge: 300, revalidation: { kind: 'stale-while-revalidate', seconds: 600 } },
  '/v1/dashboard/inventory': { maxAge: 180, revalidation: { kind: 'stale-while-revalidate', seconds: 360 } },
  '/v1/dashboard/overview/low-stock': { maxAge: 180, revalidation: { kind: 'stale-while-revalidate', seconds: 360 } },
  '/v1/merchants/profile': { maxAge: 300, revalidation: { kind: 'must-revalidate' } },
  '/v1/merchants/profile/business': { maxAge: 300, revalidation: { kind: 'must-revalidate' } },
  '/v1/users/me/permissions': { maxAge: 180, revalidation: { kind: 'must-revalidate' } },
};

export function cacheControlFor(window: CacheWindow): string {
  const base = `max-age=${window.maxAge}, private`;
  switch (window.revalidation.kind) {
    case 'plain':
      return base;
    case 'must-revalidate':
      return `${base}, must-revalidate`;
    case 'stale-while-revalidate':
      return `${base}, stale-while-revalidate=${window.revalidation.seconds}`;
  }
}

export const DEFAULT_CACHE_CONTROL = 'no-cache, private';

/**
 * A request's `Cache-Control: no-cache` asks for a fresh copy: it gets the full 200 even when If-None-Match matches
 * (docs/http-caching.md, rule 5).
 */
export function requestsFreshCopy(cacheControl: string | string[] | undefined): boolean {
  if (cacheControl === undefined) return false;
  const text = Array.isArray(cacheControl) ? cacheControl.join(',') : cacheControl;
  return text.split(',').some((part) => part.trim().toLowerCase() === 'no-cache');
}

/**
 * Every header a response may depend on besides the URL; a cache must key on all of them. The interface's list, plus
 * X-MerchantApiKey and X-PublishableKey: the other credential headers, so a browser cache never answers one key's
 * request with another's. Storefront routes add `Origin` (STOREFRONT_VARY): their CORS headers depend on it.
 */
export const VARY = ['Authorization', 'X-Mode', 'X-MerchantId', 'X-Service-Client', 'X-Enable-Cache', 'X-MerchantApiKey', 'X-PublishableKey'] as const;

/** The Vary list of a storefront route (docs/storefront.md): every answer names Origin, allowed or not, so no cache hands one origin's CORS headers to another. */
export const STOREFRONT_VARY = [...VARY, 'Origin'] as const;
