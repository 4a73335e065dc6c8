/**
 * How long a fetched Client ID Metadata Document may be reused, by the HTTP caching rules (RFC 9111) within the
 * server's own bounds (the draft lets an authorization server set upper and lower bounds). The cache is this server's
 * own and no one else's (a private cache in RFC 9111's terms: `private` does not stop storing and `s-maxage` is not
 * read). Pure: times are milliseconds since the epoch, passed in.
 */

/** The response header fields the freshness of a stored document depends on (lower-case names). */
export type CacheHeaders = Partial<Record<'cache-control' | 'expires' | 'date' | 'age' | 'etag' | 'last-modified' | 'vary', string>>;

export interface FreshnessBounds {
  /** Explicit lifetimes above this are cut to it (seconds). */
  maxFreshSeconds: number;
  /** Explicit lifetimes above 0 but below this are raised to it (seconds). */
  minFreshSeconds: number;
  /** The lifetime of a response with no explicit expiration (RFC 9111 §4.2.2 heuristic freshness), in seconds. */
  heuristicFreshSeconds: number;
}

/** How a stored document may be used, from the headers of the answer that brought it (or last revalidated it). */
export interface Freshness {
  headers: CacheHeaders;
  /** RFC 9111 §4.2.3 `corrected_initial_age`, in milliseconds. */
  correctedInitialAgeMs: number;
  /** When the answer arrived. */
  responseTime: number;
  /** The freshness lifetime after the bounds, in milliseconds (0: stale at once). */
  lifetimeMs: number;
  /** `no-cache`: every use must be revalidated with the origin first (RFC 9111 §5.2.2.4). */
  revalidateEachUse: boolean;
}

/** Cache-Control directives (RFC 9111 §5.2): lower-case names; a value without quotes, or true when it has none. */
export function cacheDirectives(value: string | undefined): Map<string, string | true> {
  const directives = new Map<string, string | true>();
  for (const part of (value ?? '').split(',')) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName!.trim().toLowerCase();
    if (name === '' || directives.has(name)) continue;
    directives.set(name, rest.length === 0 ? true : rest.join('=').trim().replace(/^"(.*)"$/, '$1'));
  }
  return directives;
}

/** A delta-seconds value (RFC 9111 §1.2.2): digits only; anything else is invalid (undefined). */
function deltaSeconds(value: string | true | undefined): number | undefined {
  return typeof value === 'string' && /^\d+$/.test(value) ? Math.min(Number(value), 2 ** 31) : undefined;
}

function httpDate(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * Whether the answer may be stored at all (RFC 9111 §3): not with `no-store`, nor with `Vary: *` (it could never be
 * reused). Only 200 answers to our GET reach here; 200 is heuristically cacheable.
 */
export function mayStore(headers: CacheHeaders): boolean {
  if (cacheDirectives(headers['cache-control']).has('no-store')) return false;
  return !(headers.vary ?? '').split(',').some((v) => v.trim() === '*');
}

/**
 * The freshness of an answer received at `responseTime` for a request sent at `requestTime` (RFC 9111 §4.2.1
 * lifetime: `max-age`, else `Expires` − `Date`, else heuristic; an invalid `max-age` or `Expires` means stale; §4.2.3
 * age: `Age` and the apparent age, corrected by the response delay), with the lifetime kept within the bounds.
 */
export function freshnessOf(headers: CacheHeaders, requestTime: number, responseTime: number, bounds: FreshnessBounds): Freshness {
  const directives = cacheDirectives(headers['cache-control']);
  const date = httpDate(headers.date) ?? responseTime;
  let lifetimeSeconds: number;
  if (directives.has('max-age')) {
    lifetimeSeconds = deltaSeconds(directives.get('max-age')) ?? 0;
  } else if (headers.expires !== undefined) {
    const expires = httpDate(headers.expires);
    lifetimeSeconds = expires === undefined ? 0 : Math.max(0, (expires - date) / 1000);
  } else {
    lifetimeSeconds = bounds.heuristicFreshSeconds;
  }
  if (lifetimeSeconds > bounds.maxFreshSeconds) lifetimeSeconds = bounds.maxFreshSeconds;
  if (lifetimeSeconds > 0 && lifetimeSeconds < bounds.minFreshSeconds) lifetimeSeconds = bounds.minFreshSeconds;

  const ageValue = (deltaSeconds(headers.age) ?? 0) * 1000;
  const apparentAge = Math.max(0, responseTime - date);
  const responseDelay = Math.max(0, responseTime - requestTime);
  return {
    headers,
    correctedInitialAgeMs: Math.max(apparentAge, ageValue + responseDelay),
    responseTime,
    lifetimeMs: lifetimeSeconds * 1000,
    revalidateEachUse: directives.has('no-cache'),
  };
}

/** RFC 9111 §4.2.3 `current_age` at `now`, in milliseconds. */
export function currentAge(freshness: Freshness, now: number): number {
  return freshness.correctedInitialAgeMs + Math.max(0, now - freshness.responseTime);
}

/** Whether a stored document may be used at `now` without asking its origin (RFC 9111 §4.2). */
export function isFresh(freshness: Freshness, now: number): boolean {
  return !freshness.revalidateEachUse && freshness.lifetimeMs > currentAge(freshness, now);
}

/** Whether a stale document can be revalidated with a conditional request (it has a validator: RFC 9110 §13.1). */
export function hasValidator(headers: CacheHeaders): boolean {
  return headers.etag !== undefined || headers['last-modified'] !== undefined;
}

/**
 * The headers of a stored document after a 304 revalidated it (RFC 9111 §4.3.4): the 304's fields replace the stored
 * ones of the same name; `Date` and `Age` describe the new answer only, so they are taken from it or dropped.
 */
export function updatedHeaders(stored: CacheHeaders, notModified: CacheHeaders): CacheHeaders {
  const { date: _date, age: _age, ...kept } = stored;
  return { ...kept, ...notModified };
}
