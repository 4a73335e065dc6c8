import type { ClientMetadataConfig } from '../../config.ts';
import { InvalidClientError, TemporarilyUnavailableError } from '../../domain/oauth/errors.ts';
import type { ClientMetadataDocuments } from '../../domain/oauth/ports.ts';
import type { ClientMetadataDocument } from '../../domain/oauth/types.ts';
import { boundedLru } from '../../http/bounded-lru.ts';
import { checkClientIdUrl } from '../checks/check-client-id-url.ts';
import { checkClientMetadataDocument } from '../checks/check-client-metadata-document.ts';
import { type Resolve, systemResolve } from '../../outbound/checked-destination.ts';
import { fetchDocument } from './fetch-document.ts';
import { type Freshness, freshnessOf, hasValidator, isFresh, mayStore, updatedHeaders } from './http-freshness.ts';

interface Entry {
  document: ClientMetadataDocument;
  /** The body's size in bytes: what the memory bound counts (with the URL). */
  bytes: number;
  freshness: Freshness;
}

/** What an entry costs beyond its body and URL (the parsed document, the headers, the map's own bookkeeping). */
const ENTRY_OVERHEAD = 512;

/**
 * Client ID Metadata Documents for the authorization server (the domain's `ClientMetadataDocuments` port): the URL is
 * checked, the document fetched within the bounds (`fetch-document.ts`: SSRF guard with the checked address pinned,
 * deadline, size cut-off, no redirects) and checked (`check-client-metadata-document.ts`), and kept by the HTTP
 * caching rules (`http-freshness.ts`, RFC 9111) within `cacheBytes` (least recently used dropped first):
 * - while fresh, a document is not fetched again; a stale or `no-cache` one with a validator (ETag, Last-Modified) is
 *   revalidated with a conditional GET (a 304 keeps it), one without is fetched again; `no-store` is never kept;
 * - refusals and invalid documents are never kept (the draft's "MUST NOT cache error responses");
 * - concurrent loads of one URL share one fetch; at most `maxConcurrentFetches` URLs are fetched at once.
 * The cache is this process's memory: each instance keeps its own, and a restart starts empty.
 */
export function createClientMetadataDocuments(
  config: ClientMetadataConfig,
  seams: { resolve?: Resolve; now?: () => number } = {},
): ClientMetadataDocuments {
  const resolve = seams.resolve ?? systemResolve;
  const now = seams.now ?? Date.now;
  const cache = boundedLru<Entry>(config.cacheBytes, (entry) => entry.bytes + entry.document.clientId.length * 2 + ENTRY_OVERHEAD);
  const inFlight = new Map<string, Promise<ClientMetadataDocument>>();

  async function fetchAndKeep(url: string): Promise<ClientMetadataDocument> {
    const target = checkClientIdUrl(url, { allowHttp: config.allowLoopback, maxLength: config.maxUrlLength });
    const stored = cache.get(url);
    const conditional = stored && hasValidator(stored.freshness.headers) ? { etag: stored.freshness.headers.etag, lastModified: stored.freshness.headers['last-modified'] } : undefined;
    const fetched = await fetchDocument(target, url, config, { resolve, conditional, now });
    if (fetched.status === 304) {
      // `conditional` is only sent for a stored entry, so there is one.
      const entry = stored!;
      const headers = updatedHeaders(entry.freshness.headers, fetched.headers);
      if (!mayStore(headers)) cache.delete(url);
      else cache.set(url, { ...entry, freshness: freshnessOf(headers, fetched.requestTime, fetched.responseTime, config) });
      return entry.document;
    }
    cache.delete(url);
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fetched.body));
    } catch {
      throw new InvalidClientError(`The app's client metadata document (${url}) is not acceptable: it is not valid JSON (UTF-8).`);
    }
    const document = checkClientMetadataDocument(url, json);
    if (mayStore(fetched.headers)) {
      const freshness = freshnessOf(fetched.headers, fetched.requestTime, fetched.responseTime, config);
      if (freshness.lifetimeMs > 0 || hasValidator(fetched.headers)) cache.set(url, { document, bytes: fetched.body.length, freshness });
    }
    return document;
  }

  return {
    async load(url: string): Promise<ClientMetadataDocument> {
      const stored = cache.get(url);
      if (stored && isFresh(stored.freshness, now())) return stored.document;
      const running = inFlight.get(url);
      if (running) return running;
      if (inFlight.size >= config.maxConcurrentFetches) {
        throw new TemporarilyUnavailableError('Too many apps’ metadata documents are being fetched right now. Try again in a moment.', 5);
      }
      const load = fetchAndKeep(url).finally(() => inFlight.delete(url));
      inFlight.set(url, load);
      return load;
    },
  };
}
