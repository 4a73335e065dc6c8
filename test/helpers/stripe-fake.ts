import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stateful fake of the part of Stripe's HTTP API the Stripe adapter calls (src/outbound/stripe-provider.ts), on
 * loopback, for the real SDK pointed at it (`host`/`port`/`protocol`). It covers: PaymentIntents (create with
 * capture_method, retrieve, confirm with Stripe's test payment methods pm_card_visa, pm_card_chargeDeclined and
 * pm_card_threeDSecure2Required, capture, cancel), Refunds (create with metadata, list by payment_intent, never above what was captured), the current Account (key checks), bearer keys
 * (unknown ones are 401), and Idempotency-Key replay (the first answer again). `failNext` makes the next POSTs answer
 * 500, as an outage does. Events are made by `signedEvent` with the SDK's own test-header helper. Nothing else of
 * Stripe is modelled: no Checkout, customers, payment methods as objects, disputes or event retries.
 */
export interface StripeFake {
  connection: { host: string; port: number; protocol: 'http' };
  keys: Set<string>;
  intents: Map<string, Record<string, any>>;
  refunds: Map<string, Record<string, any>>;
  /** Requests received, method and path. */
  log: string[];
  /** The next `n` POSTs answer 500 (and are not applied). */
  failNext(n: number): void;
  /** The status new refunds get: `succeeded` (default), or `pending` as Stripe answers for some payment methods. */
  refundStatus: 'succeeded' | 'pending';
  /** Forgets every Idempotency-Key, as Stripe does after 24 hours: the same key again makes a new object. */
  forgetIdempotencyKeys(): void;
  /** What the shopper's browser does with Stripe.js: confirms the intent with a test payment method. */
  confirm(id: string, paymentMethod: 'pm_card_visa' | 'pm_card_chargeDeclined' | 'pm_card_threeDSecure2Required'): Record<string, any>;
  /** The 3-D Secure challenge passed (or failed) in the shopper's browser. */
  finishAction(id: string, passed: boolean): Record<string, any>;
  /** A body and Stripe-Signature header for an event about `object`, signed with `secret`. */
  signedEvent(secret: string, type: string, object: Record<string, any>): { body: string; signature: string; id: string };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function error(res: ServerResponse, status: number, type: string, message: string, extra: Record<string, unknown> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type, message, ...extra } }));
}

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return Object.fromEntries(new URLSearchParams(text));
}

export async function startStripeFake(): Promise<StripeFake> {
  const intents = new Map<string, Record<string, any>>();
  const refunds = new Map<string, Record<string, any>>();
  const keys = new Set<string>();
  const replays = new Map<string, { status: number; body: string }>();
  const log: string[] = [];
  let failures = 0;
  const sdk = new Stripe('sk_test_fake_helper');
  const fake = { refundStatus: 'succeeded' } as StripeFake;

  function settle(pi: Record<string, any>, outcome: 'succeeded' | 'declined' | 'action'): void {
    if (outcome === 'declined') {
      Object.assign(pi, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }, next_action: null });
    } else if (outcome === 'action') {
      Object.assign(pi, { status: 'requires_action', last_payment_error: null, next_action: { type: 'redirect_to_url', redirect_to_url: { url: `https://hooks.stripe.test/3ds/${pi.id}`, return_url: null } } });
    } else if (pi.capture_method === 'manual') {
      Object.assign(pi, { status: 'requires_capture', last_payment_error: null, next_action: null });
    } else {
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, last_payment_error: null, next_action: null, latest_charge: id('ch') });
    }
  }

  const confirm = (piId: string, method: string) => {
    const pi = intents.get(piId);
    if (!pi) throw new Error(`no intent ${piId}`);
    settle(pi, method === 'pm_card_chargeDeclined' ? 'declined' : method === 'pm_card_threeDSecure2Required' ? 'action' : 'succeeded');
    return pi;
  };

  async function route(req: IncomingMessage, res: ServerResponse, key: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const parts = url.pathname.split('/').filter(Boolean); // v1, resource, id, action
    const form = req.method === 'POST' ? await formOf(req) : {};
    const send = (body: unknown): void => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (parts[1] === 'account' && req.method === 'GET') return send({ id: `acct_${key.slice(-8)}`, object: 'account' });
    if (parts[1] === 'payment_intents') {
      if (req.method === 'POST' && parts.length === 2) {
        const piId = id('pi');
        const pi = {
          id: piId,
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency,
          capture_method: form.capture_method ?? 'automatic',
          status: 'requires_payment_method',
          amount_received: 0,
          last_payment_error: null,
          next_action: null,
          description: form.description ?? null,
          metadata: { reference: form['metadata[reference]'] },
          livemode: key.startsWith('sk_live_'),
          client_secret: `${piId}_secret_${randomBytes(12).toString('hex')}`,
        };
        intents.set(pi.id, pi);
        return send(pi);
      }
      const pi = intents.get(parts[2] ?? '');
      if (!pi) return error(res, 404, 'invalid_request_error', `No such payment_intent: '${parts[2]}'`, { code: 'resource_missing' });
      if (req.method === 'GET') {
        if (!url.searchParams.getAll('expand[0]').includes('latest_charge') || !pi.latest_charge) return send(pi);
        const refunded = [...refunds.values()].filter((r) => r.payment_intent === pi.id).reduce((s, r) => s + r.amount, 0);
        return send({ ...pi, latest_charge: { id: pi.latest_charge, object: 'charge', amount_refunded: refunded, payment_intent: pi.id } });
      }
      if (parts[3] === 'confirm') return send(confirm(pi.id, form.payment_method ?? 'pm_card_visa'));
      if (parts[3] === 'capture') {
        if (pi.status !== 'requires_capture') return error(res, 400, 'invalid_request_error', `This PaymentIntent could not be captured because it has a status of ${pi.status}.`);
        Object.assign(pi, { status: 'succeeded', amount_received: Number(form.amount_to_capture ?? pi.amount) });
        return send(pi);
      }
      if (parts[3] === 'cancel') {
        Object.assign(pi, { status: 'canceled' });
        return send(pi);
      }
    }
    if (parts[1] === 'refunds' && req.method === 'GET') {
      const pi = url.searchParams.get('payment_intent');
      const data = [...refunds.values()].filter((r) => r.payment_intent === pi).reverse();
      return send({ object: 'list', url: '/v1/refunds', has_more: false, data });
    }
    if (parts[1] === 'refunds' && req.method === 'POST') {
      const pi = intents.get(form.payment_intent ?? '');
      if (!pi) return error(res, 404, 'invalid_request_error', 'No such payment_intent', { code: 'resource_missing' });
      const refunded = [...refunds.values()].filter((r) => r.payment_intent === pi.id).reduce((s, r) => s + r.amount, 0);
      const amount = Number(form.amount ?? pi.amount_received - refunded);
      if (refunded + amount > pi.amount_received) return error(res, 400, 'invalid_request_error', 'Refund amount is greater than unrefunded amount on charge', { code: 'amount_too_large' });
      const metadata = form['metadata[reference]'] ? { reference: form['metadata[reference]'] } : {};
      const refund = { id: id('re'), object: 'refund', amount, payment_intent: pi.id, status: fake.refundStatus, currency: pi.currency, metadata };
      refunds.set(refund.id, refund);
      return send(refund);
    }
    return error(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  const server = createServer(async (req, res) => {
    log.push(`${req.method} ${req.url}`);
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!keys.has(key)) return error(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    const idem = req.headers['idempotency-key'];
    const replayKey = typeof idem === 'string' ? `${key} ${idem}` : null;
    if (req.method === 'POST' && replayKey && replays.has(replayKey)) {
      const saved = replays.get(replayKey)!;
      return res.writeHead(saved.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end(saved.body);
    }
    if (req.method === 'POST' && failures > 0) {
      failures -= 1;
      for await (const _ of req) void _;
      return error(res, 500, 'api_error', 'Something went wrong on Stripe’s end.');
    }
    // Keep what a POST answered under its Idempotency-Key.
    const end = res.end.bind(res);
    const chunks: string[] = [];
    res.end = ((body?: unknown) => {
      if (typeof body === 'string') chunks.push(body);
      if (req.method === 'POST' && replayKey && res.statusCode < 500) replays.set(replayKey, { status: res.statusCode, body: chunks.join('') });
      return end(body as string);
    }) as typeof res.end;
    await route(req, res, key);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return Object.assign(fake, {
    connection: { host: '127.0.0.1', port, protocol: 'http' } as const,
    keys,
    intents,
    refunds,
    log,
    failNext(n: number) {
      failures = n;
    },
    forgetIdempotencyKeys() {
      replays.clear();
    },
    confirm,
    finishAction(piId: string, passed: boolean) {
      const pi = intents.get(piId)!;
      settle(pi, passed ? 'succeeded' : 'declined');
      return pi;
    },
    signedEvent(secret: string, type: string, object: Record<string, any>) {
      const eventId = id('evt');
      const body = JSON.stringify({ id: eventId, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object }, livemode: false, api_version: '2025-01-01' });
      return { body, signature: sdk.webhooks.generateTestHeaderString({ payload: body, secret }), id: eventId };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
