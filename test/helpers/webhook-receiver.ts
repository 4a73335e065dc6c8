import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Mode } from '../../src/context.ts';
import { newId } from '../../src/domain/shared/ids.ts';
import { newSigningSecret } from '../../src/domain/webhooks/signing.ts';
import type { SigningEndpoint } from '../../src/domain/webhooks/types.ts';

/** One request the receiver got. */
export interface Received {
  /** The path and query the request was sent to. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/**
 * A webhook receiver on loopback, as a merchant's back office would run one: it records every request and answers
 * what `respond` says (200 by default). Verification uses the independent `standardwebhooks` package only.
 */
export interface Receiver {
  url: string;
  received: Received[];
  /** The status to answer the nth request (0-based) with, given its body. */
  respond: (n: number, body: string) => number;
  /** Headers to answer the nth request with, given its body (none by default). */
  respondHeaders: (n: number, body: string) => Record<string, string>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const received: Received[] = [];
  const receiver: Receiver = {
    url: '',
    received,
    respond: () => 200,
    respondHeaders: () => ({}),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = receiver.respond(received.length, body);
      const headers = receiver.respondHeaders(received.length, body);
      received.push({ url: request.url ?? '', headers: request.headers, body, status });
      response.writeHead(status, { 'content-type': 'text/plain', ...headers });
      response.end(status < 300 ? 'ok' : `refused with ${status}`);
    });
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}

/** Verifies a received request with `standardwebhooks` and the secret; returns the payload, or throws. */
export function verify(secret: string, r: Pick<Received, 'headers' | 'body'>): Record<string, any> {
  const headers = { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) };
  return new Webhook(secret).verify(r.body, headers) as Record<string, any>;
}

/** Waits until `check` holds (polling every 25 ms; an empty list does not), or fails after `ms`. */
export async function eventually<T>(check: () => T | undefined | false | Promise<T | undefined | false>, ms = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value && !(Array.isArray(value) && value.length === 0)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Subscribes an endpoint by writing its row through the repository, for tests (and the examples script) that exercise
 * the outbox rather than the endpoint API; returns its id.
 */
export async function insertEndpoint(
  container: { repos: { webhooks: { insertEndpoint(endpoint: SigningEndpoint): Promise<void> } } },
  storeId: string,
  options: { eventTypes?: string[]; mode?: Mode; enabled?: boolean; clientId?: string | null; url?: string; description?: string; secret?: string } = {},
): Promise<string> {
  const now = new Date();
  const id = newId('whe', now);
  const enabled = options.enabled ?? true;
  await container.repos.webhooks.insertEndpoint({
    id,
    storeId,
    mode: options.mode ?? 'live',
    url: options.url ?? 'https://hooks.example.com/in',
    description: options.description ?? 'test endpoint',
    eventTypes: options.eventTypes ?? ['*'],
    enabled,
    disabledReason: enabled ? null : 'merchant',
    disabledDetail: null,
    disabledAt: enabled ? null : now,
    clientId: options.clientId ?? null,
    previousSecretExpiresAt: null,
    failingSince: null,
    lastSuccessAt: null,
    createdAt: now,
    updatedAt: now,
    secret: options.secret ?? newSigningSecret(),
    previousSecret: null,
  });
  return id;
}
