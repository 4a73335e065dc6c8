import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Tenant } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../shared/ids.ts';
import type { CaptureMethod } from './payment-rules.ts';
import {
  type CardInput,
  type CreatePaymentInput,
  EventSignatureError,
  type PaymentProvider,
  providerRefused,
  type ProviderEvent,
  type ProviderPaymentState,
  type ProviderPaymentStatus,
  type ProviderRefundState,
} from './provider-port.ts';

/**
 * The built-in `test` provider (docs/payments.md, "The test provider"): a provider that lives inside the service, so a
 * store's test mode takes payments with nothing installed. It keeps its own side in its own tables (what a real
 * provider keeps on its servers), honours idempotency keys as a real provider does, signs the events it sends, and
 * never works in live mode. The card number decides what happens:
 */
export const TEST_CARDS = {
  /** succeeds at once */
  succeeds: '4242424242424242',
  /** declined: card_declined */
  declined: '4000000000000002',
  /** needs a 3-D Secure challenge (a local page with Complete and Fail) */
  threeDSecure: '4000002760003184',
  /** processing at first; succeeds only through an event sent a few seconds later */
  delayed: '4000000000000077',
} as const;

/** The test provider's record of a payment. */
export interface TestProviderPayment {
  id: string;
  idempotencyKey: string;
  amountMinor: number;
  currency: string;
  captureMethod: CaptureMethod;
  status: ProviderPaymentStatus;
  cardLast4: string;
  failureCode: string | null;
  failureMessage: string | null;
  /** a delayed payment succeeds at this instant */
  succeedAt: Date | null;
  capturedMinor: number;
  refundedMinor: number;
  returnUrl: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The test provider's storage (src/db/test-provider-repo.ts). */
export interface TestProviderRepo {
  /** Inserts the payment unless one has its idempotency key; answers the stored one either way. */
  insertPayment(tenant: Tenant, p: TestProviderPayment): Promise<TestProviderPayment>;
  findPayment(tenant: Tenant, id: string): Promise<TestProviderPayment | undefined>;
  /** For the challenge page, whose URL names the payment only. */
  findPaymentAcrossStores(id: string): Promise<{ tenant: Tenant; payment: TestProviderPayment } | undefined>;
  /** Changes the payment when its status is one of `from`; the changed payment, or undefined (nothing changed). */
  updatePayment(tenant: Tenant, id: string, from: readonly ProviderPaymentStatus[], set: Partial<Pick<TestProviderPayment, 'status' | 'failureCode' | 'failureMessage' | 'capturedMinor' | 'succeedAt' | 'cardLast4'>>, now: Date): Promise<TestProviderPayment | undefined>;
  /**
   * Records a refund of the payment unless one has its idempotency key, when the refunds stay within what was
   * captured; the refund's id and whether it was new, or undefined when it would refund more than was captured.
   */
  insertRefund(tenant: Tenant, r: { id: string; idempotencyKey: string; paymentId: string; amountMinor: number }, now: Date): Promise<{ id: string; amountMinor: number } | undefined>;
  /** The store's signing secret for events in this mode: `candidate` the first time, the stored one after. */
  signingSecret(tenant: Tenant, candidate: string, now: Date): Promise<string>;
}

/** The header carrying a test event's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const TEST_SIGNATURE_HEADER = 'test-signature';
/** An event signed longer ago than this is refused (a replay). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signTestEvent(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Whether a card number (digits only) is well formed: 12 to 19 digits passing the Luhn check. */
export function isCardNumber(digits: string): boolean {
  return /^\d{12,19}$/.test(digits) && luhn(digits);
}

function stateOf(p: TestProviderPayment, baseUrl: string): ProviderPaymentState {
  return {
    ref: p.id,
    status: p.status,
    amountMinor: p.amountMinor,
    currency: p.currency,
    receivedMinor: p.capturedMinor,
    refundedMinor: p.refundedMinor,
    failure: p.failureCode === null ? null : { code: p.failureCode, message: p.failureMessage ?? p.failureCode },
    actionUrl: p.status === 'requires_action' ? `${baseUrl}/test-provider/challenge/${p.id}` : null,
  };
}

/** What a card does, before anything is stored. */
function outcomeOf(card: CardInput, captureMethod: CaptureMethod, now: Date, delayMs: number): Pick<TestProviderPayment, 'status' | 'failureCode' | 'failureMessage' | 'succeedAt'> {
  const done: ProviderPaymentStatus = captureMethod === 'manual' ? 'authorized' : 'succeeded';
  const expiry = new Date(Date.UTC(card.expYear, card.expMonth, 1)); // the first instant after the expiry month
  if (expiry.getTime() <= now.getTime()) return { status: 'failed', failureCode: 'expired_card', failureMessage: 'Your card has expired.', succeedAt: null };
  switch (card.number) {
    case TEST_CARDS.succeeds:
      return { status: done, failureCode: null, failureMessage: null, succeedAt: null };
    case TEST_CARDS.declined:
      return { status: 'failed', failureCode: 'card_declined', failureMessage: 'Your card was declined.', succeedAt: null };
    case TEST_CARDS.threeDSecure:
      return { status: 'requires_action', failureCode: null, failureMessage: null, succeedAt: null };
    case TEST_CARDS.delayed:
      return { status: 'processing', failureCode: null, failureMessage: null, succeedAt: new Date(now.getTime() + delayMs) };
    default:
      return { status: 'failed', failureCode: 'card_declined', failureMessage: 'Your card was declined: in test mode, use a test card number (4242 4242 4242 4242 succeeds).', succeedAt: null };
  }
}

/**
 * The test provider. `deliver` hands a signed event to the service's inbound event handling (the same code the
 * `POST /v1/payment-providers/test/events/{storeId}/{mode}` route runs); events are sent after a 3-D Secure challenge
 * and, `delayMs` after the payment, for the delayed card. `stop()` drops events not sent yet (a payment whose event was
 * lost still succeeds when the pay page asks the provider: the state is kept, not the timer).
 */
export function createTestProvider(deps: {
  repo: TestProviderRepo;
  baseUrl: string;
  delayMs: number;
  deliver: (tenant: Tenant, rawBody: Buffer, headers: Record<string, string>) => Promise<void>;
  clock?: () => Date;
  onDeliveryError?: (error: unknown) => void;
}) {
  const { repo } = deps;
  const base = deps.baseUrl.replace(/\/+$/, '');
  const clock = deps.clock ?? (() => new Date());
  const timers = new Set<NodeJS.Timeout>();

  const secretOf = (tenant: Tenant) => repo.signingSecret(tenant, `whsec_test_${randomBytes(24).toString('base64url')}`, clock());

  function liveRefusal(): AppError {
    return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'The test provider takes payments in test mode only.');
  }

  async function requirePayment(tenant: Tenant, ref: string): Promise<TestProviderPayment> {
    const p = await repo.findPayment(tenant, ref);
    if (!p) throw providerRefused(`The test provider has no payment ${ref}.`);
    return p;
  }

  /** A delayed payment whose time has come succeeds (or is authorized) when it is next looked at. */
  async function settleDue(tenant: Tenant, p: TestProviderPayment): Promise<TestProviderPayment> {
    if (p.status !== 'processing' || p.succeedAt === null || p.succeedAt.getTime() > clock().getTime()) return p;
    const status: ProviderPaymentStatus = p.captureMethod === 'manual' ? 'authorized' : 'succeeded';
    const moved = await repo.updatePayment(tenant, p.id, ['processing'], { status, capturedMinor: status === 'succeeded' ? p.amountMinor : 0 }, clock());
    return moved ?? (await requirePayment(tenant, p.id));
  }

  async function sendEvent(tenant: Tenant, type: string, paymentId: string): Promise<void> {
    const now = clock();
    const body = JSON.stringify({ id: newId('tevt', now), type, created: Math.floor(now.getTime() / 1000), data: { payment: paymentId } });
    const secret = await secretOf(tenant);
    await deps.deliver(tenant, Buffer.from(body), { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signTestEvent(secret, body, now) });
  }

  function later(ms: number, work: () => Promise<void>): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work().catch((error) => deps.onDeliveryError?.(error));
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  const provider: PaymentProvider & {
    challenge(id: string): Promise<{ tenant: Tenant; payment: TestProviderPayment } | undefined>;
    completeChallenge(id: string, outcome: 'complete' | 'fail'): Promise<string | undefined>;
    stop(): void;
  } = {
    name: 'test',

    async available(tenant) {
      return tenant.mode === 'test';
    },

    async createPayment(tenant: Tenant, input: CreatePaymentInput): Promise<ProviderPaymentState> {
      if (tenant.mode !== 'test') throw liveRefusal();
      const now = clock();
      const stored = await repo.insertPayment(tenant, {
        id: newId('tpi', now),
        idempotencyKey: input.idempotencyKey,
        amountMinor: input.amountMinor,
        currency: input.currency,
        captureMethod: input.captureMethod,
        status: 'requires_payment_method',
        failureCode: null,
        failureMessage: null,
        succeedAt: null,
        cardLast4: '',
        capturedMinor: 0,
        refundedMinor: 0,
        returnUrl: input.returnUrl,
        createdAt: now,
        updatedAt: now,
      });
      return stateOf(stored, base);
    },

    async confirmPayment(tenant, ref, input) {
      if (tenant.mode !== 'test') throw liveRefusal();
      const p = await requirePayment(tenant, ref);
      const now = clock();
      const outcome = outcomeOf(input.card, p.captureMethod, now, deps.delayMs);
      const moved = await repo.updatePayment(
        tenant,
        ref,
        ['requires_payment_method'],
        { ...outcome, cardLast4: input.card.number.slice(-4), capturedMinor: outcome.status === 'succeeded' ? p.amountMinor : 0 },
        now,
      );
      // Confirmed before (a retry): the same answer, and no second event.
      if (!moved) return stateOf(await settleDue(tenant, p), base);
      if (moved.status === 'processing' && moved.succeedAt) {
        later(moved.succeedAt.getTime() - now.getTime(), async () => {
          await settleDue(tenant, await requirePayment(tenant, ref));
          await sendEvent(tenant, 'payment.updated', ref);
        });
      }
      return stateOf(moved, base);
    },

    async retrievePayment(tenant, ref) {
      return stateOf(await settleDue(tenant, await requirePayment(tenant, ref)), base);
    },

    async capturePayment(tenant, ref, input) {
      const p = await requirePayment(tenant, ref);
      if (p.status === 'succeeded') return stateOf(p, base); // captured already: the retry gets the same answer
      if (input.amountMinor !== p.amountMinor) throw providerRefused('The test provider captures the whole amount only.');
      const moved = await repo.updatePayment(tenant, ref, ['authorized'], { status: 'succeeded', capturedMinor: p.amountMinor }, clock());
      if (!moved) throw providerRefused(`The test provider cannot capture a payment that is ${p.status}.`);
      return stateOf(moved, base);
    },

    async cancelPayment(tenant, ref) {
      const p = await requirePayment(tenant, ref);
      if (p.status === 'canceled') return stateOf(p, base);
      const moved = await repo.updatePayment(tenant, ref, ['requires_payment_method', 'requires_action', 'authorized', 'processing'], { status: 'canceled' }, clock());
      if (!moved) throw providerRefused(`The test provider cannot cancel a payment that is ${p.status}.`);
      return stateOf(moved, base);
    },

    async refundPayment(tenant, ref, input): Promise<ProviderRefundState> {
      const p = await requirePayment(tenant, ref);
      const refund = await repo.insertRefund(tenant, { id: newId('tre', clock()), idempotencyKey: input.idempotencyKey, paymentId: p.id, amountMinor: input.amountMinor }, clock());
      if (!refund) throw providerRefused('The test provider cannot refund more than was captured.');
      return { ref: refund.id, paymentRef: p.id, amountMinor: refund.amountMinor, status: 'succeeded' };
    },

    async parseEvent(tenant, rawBody, headers): Promise<ProviderEvent> {
      const header = headers[TEST_SIGNATURE_HEADER];
      const match = typeof header === 'string' ? /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) : null;
      if (!match) throw new EventSignatureError(`missing or malformed ${TEST_SIGNATURE_HEADER} header`);
      const t = Number(match[1]);
      if (Math.abs(clock().getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) throw new EventSignatureError('the signature is too old');
      const secret = await secretOf(tenant);
      const want = Buffer.from(createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex'));
      const got = Buffer.from(match[2]!);
      if (want.length !== got.length || !timingSafeEqual(want, got)) throw new EventSignatureError('the signature does not match');
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new EventSignatureError('the body is not JSON');
      }
      const event = parsed as { id?: unknown; type?: unknown; data?: { payment?: unknown } };
      if (typeof event.id !== 'string' || typeof event.type !== 'string') throw new EventSignatureError('the event has no id or type');
      return { id: event.id, type: event.type, paymentRef: typeof event.data?.payment === 'string' ? event.data.payment : null };
    },

    /** The payment a challenge page is for, when it awaits its challenge. */
    async challenge(id) {
      const found = await repo.findPaymentAcrossStores(id);
      return found && found.payment.status === 'requires_action' ? found : undefined;
    },

    /** Completes or fails a 3-D Secure challenge, sends the event, and answers where the shopper goes back to. */
    async completeChallenge(id, outcome) {
      const found = await repo.findPaymentAcrossStores(id);
      if (!found) return undefined;
      const { tenant, payment } = found;
      const done: ProviderPaymentStatus = payment.captureMethod === 'manual' ? 'authorized' : 'succeeded';
      const moved = await repo.updatePayment(
        tenant,
        id,
        ['requires_action'],
        outcome === 'complete'
          ? { status: done, capturedMinor: done === 'succeeded' ? payment.amountMinor : 0 }
          : { status: 'failed', failureCode: 'authentication_failed', failureMessage: 'The 3-D Secure check of your card failed.' },
        clock(),
      );
      if (moved) later(0, () => sendEvent(tenant, 'payment.updated', id));
      return payment.returnUrl;
    },

    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
  return provider;
}

export type TestProvider = ReturnType<typeof createTestProvider>;
