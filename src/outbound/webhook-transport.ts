import * as http from 'node:http';
import * as https from 'node:https';
import { LRUCache } from 'lru-cache';
import { parseRetryAfter, type SendResult } from '../domain/webhooks/delivery-rules.ts';
import type { WebhookTransport } from '../domain/webhooks/ports.ts';
import { checkDestination, connectAttemptTimeoutMs, type PinnedAddress, pinnedLookup, type Resolve, systemResolve } from './checked-destination.ts';

export interface TransportBounds {
  /** One deadline over resolution, connection, TLS and the answer's head and snippet. */
  timeoutMs: number;
  /** At most this much of the answer is read (the rest is dropped with the connection); 1,000 characters are kept. */
  maxResponseBytes: number;
  /** Loopback endpoints (http or https) for development and tests: WEBHOOK_ALLOW_LOOPBACK. */
  allowLoopback: boolean;
}

const SNIPPET_CHARS = 1000;
const USER_AGENT = 'commerce-service-webhooks/1 (+https://www.standardwebhooks.com)';

type Destination = { ok: true; hostname: string; addresses: readonly [PinnedAddress, ...PinnedAddress[]] } | { ok: false; problem: string };

/**
 * Webhook deliveries over HTTP: the host is resolved on every delivery and every address it resolves to must be
 * public (loopback only when allowed); the connection goes to the checked addresses, the next when one fails (a pinned
 * lookup, so a second DNS answer is never used; TLS still verifies the host name); https, or http to loopback only; no redirects followed; the
 * answer is read up to a bound; no cookies or credentials are sent.
 */
export function createWebhookTransport(bounds: TransportBounds, resolve: Resolve = systemResolve): WebhookTransport {
  // Connections are kept alive per destination and checked address (a host that now resolves elsewhere gets a new
  // agent), at most 4 at once to one (the per-endpoint bound) and 256 destinations remembered (least recent dropped).
  const agents = new LRUCache<string, http.Agent>({ max: 256, dispose: (agent) => agent.destroy() });
  function agentFor(url: URL, addresses: readonly [PinnedAddress, ...PinnedAddress[]]): http.Agent {
    const key = `${url.protocol}//${url.host}@${addresses.map((a) => a.address).join(',')}`;
    let agent = agents.get(key);
    if (agent) return agent;
    const options = { keepAlive: true, keepAliveMsecs: 1000, maxSockets: 4, maxFreeSockets: 4, timeout: 30_000, lookup: pinnedLookup(addresses), autoSelectFamilyAttemptTimeout: connectAttemptTimeoutMs(bounds.timeoutMs) };
    agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
    return agent;
  }

  async function destination(raw: string, signal?: AbortSignal): Promise<Destination> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { ok: false, problem: 'is not an absolute URL' };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'must be an https URL' };
    if (url.username || url.password) return { ok: false, problem: 'must not carry a user name or password' };
    const checked = await checkDestination(url, { allowLoopback: bounds.allowLoopback, resolve, ...(signal ? { signal } : {}) });
    if (checked.ok) return { ok: true, hostname: checked.hostname, addresses: checked.addresses };
    switch (checked.problem) {
      case 'timeout':
        return { ok: false, problem: `has a host, ${checked.hostname}, that could not be resolved (timeout)` };
      case 'unresolved':
        return { ok: false, problem: `has a host, ${checked.hostname}, that could not be resolved${checked.message === undefined ? '' : ` (${checked.code ?? checked.message})`}` };
      case 'forbidden':
        return {
          ok: false,
          problem: `${checked.literal ? 'is' : `has a host, ${checked.hostname}, that resolves to`} ${checked.address}, a ${checked.kind} address; webhooks go to public addresses only${
            checked.kind === 'loopback' ? ' (loopback is allowed only in development and tests: WEBHOOK_ALLOW_LOOPBACK)' : ''
          }`,
        };
      case 'http-beyond-loopback':
        return { ok: false, problem: 'must be an https URL (http only to loopback, in development)' };
    }
  }

  return {
    async check(url: string): Promise<string | null> {
      const checked = await destination(url, AbortSignal.timeout(bounds.timeoutMs));
      return checked.ok ? null : checked.problem;
    },

    async send(raw: string, headers: Record<string, string>, body: string): Promise<SendResult> {
      const started = performance.now();
      const took = () => Math.round(performance.now() - started);
      const signal = AbortSignal.timeout(bounds.timeoutMs);
      const checked = await destination(raw, signal);
      if (!checked.ok) return { kind: 'failed', error: `refused: the URL ${checked.problem}`, durationMs: took() };
      const url = new URL(raw);
      const agent = agentFor(url, checked.addresses);
      const client = url.protocol === 'https:' ? https : http;
      return new Promise<SendResult>((resolve) => {
        let settled = false;
        const finish = (result: SendResult) => {
          if (settled) return;
          settled = true;
          resolve(result);
        };
        const timedOut = () => finish({ kind: 'failed', error: `no answer within ${bounds.timeoutMs / 1000} seconds`, durationMs: took() });
        const request = client.request(
          {
            protocol: url.protocol,
            hostname: checked.hostname,
            port: url.port === '' ? undefined : Number(url.port),
            path: `${url.pathname}${url.search}`,
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': USER_AGENT },
            agent,
            signal,
          },
          (response) => {
            const statusCode = response.statusCode ?? 0;
            const header = response.headers['retry-after'];
            const retryAfterSeconds = statusCode === 429 || statusCode === 503 ? parseRetryAfter(Array.isArray(header) ? header[0] : header, new Date()) : undefined;
            const chunks: Buffer[] = [];
            let size = 0;
            const done = () => {
              const snippet = Buffer.concat(chunks).toString('utf8').slice(0, SNIPPET_CHARS);
              finish({ kind: 'answered', statusCode, durationMs: took(), snippet, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) });
            };
            response.on('data', (chunk: Buffer) => {
              if (size < bounds.maxResponseBytes) chunks.push(chunk.subarray(0, bounds.maxResponseBytes - size));
              size += chunk.length;
              if (size >= bounds.maxResponseBytes) {
                done();
                request.destroy();
              }
            });
            response.on('end', done);
            response.on('error', () => (signal.aborted ? timedOut() : done()));
          },
        );
        request.on('error', (error: NodeJS.ErrnoException) => {
          if (signal.aborted) return timedOut();
          const code = error.code ?? error.name;
          finish({ kind: 'failed', error: /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO/i.test(code) ? `TLS certificate not verified (${code})` : `could not connect (${code})`, durationMs: took() });
        });
        request.end(body);
      });
    },
  };
}
