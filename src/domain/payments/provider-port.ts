import type { Tenant } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { CaptureMethod } from './payment-rules.ts';

/**
 * The payment-provider port (docs/payments.md, "Providers"): what the payments area asks of any provider, and what it
 * hears back. Money is always integer minor units of `currency` (ISO 4217, upper case). Every call that can move money
 * carries an idempotency key derived from our own record (`idempotencyKeyOf`), so a retried call (after a timeout, a
 * 500, a crash) never charges, captures or refunds twice: the provider answers the retry with the first result.
 */

export const PROVIDERS = ['test', 'stripe'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export function isProviderName(value: string): value is ProviderName {
  return (PROVIDERS as readonly string[]).includes(value);
}

/**
 * Where a payment is at the provider. `requires_payment_method`: nothing attempted yet; `requires_action`: the
 * shopper must do something (a 3-D Secure challenge at `actionUrl`); `processing`: the provider will tell later (an
 * event); `authorized`: the money is held, to be captured; `succeeded`: captured; `failed`: this attempt failed
 * (`failure` says why; the shopper may try again with a new attempt); `canceled`: abandoned or an authorization
 * released.
 */
export const PROVIDER_PAYMENT_STATUSES = ['requires_payment_method', 'requires_action', 'processing', 'authorized', 'succeeded', 'failed', 'canceled'] as const;
export type ProviderPaymentStatus = (typeof PROVIDER_PAYMENT_STATUSES)[number];

/** Statuses after which nothing more happens to an attempt at the provider (a refund is a new movement). */
export const FINAL_PROVIDER_STATUSES: readonly ProviderPaymentStatus[] = ['succeeded', 'failed', 'canceled'];

/** A payment as the provider reports it now. */
export interface ProviderPaymentState {
  /** the provider's id of the payment (Stripe: the PaymentIntent id) */
  ref: string;
  status: ProviderPaymentStatus;
  /** what the payment is for, as the provider has it */
  amountMinor: number;
  currency: string;
  /** what was captured (0 until `succeeded`) */
  receivedMinor: number;
  /** what the provider has refunded of it in all (ours, and any made in the provider's own dashboard) */
  refundedMinor: number;
  failure: { code: string; message: string } | null;
  /** where to send the shopper for `requires_action` */
  actionUrl: string | null;
  /**
   * For providers whose card fields are their own script in the shopper's browser (Stripe: the PaymentIntent's
   * `client_secret`, for the Payment Element): what that script needs to confirm this payment. Never stored by us.
   */
  clientSecret?: string | null;
}

/** What the provider's own card fields need on the pay page (Stripe: the Payment Element). */
export interface BrowserCheckout {
  provider: ProviderName;
  /** the store's publishable key of the mode (Stripe: `pk_test_…`/`pk_live_…`) */
  publishableKey: string;
}

/** The card the shopper typed on our pay page (the test provider only: Stripe's card fields are Stripe's own). */
export interface CardInput {
  /** digits only */
  number: string;
  expMonth: number;
  /** four digits */
  expYear: number;
  cvc: string;
}

export interface CreatePaymentInput {
  idempotencyKey: string;
  amountMinor: number;
  currency: string;
  captureMethod: CaptureMethod;
  description: string;
  /** our provider payment id: providers keep it as metadata, events carry it back */
  reference: string;
  /** where the provider sends the shopper after a challenge */
  returnUrl: string;
}

export interface ProviderRefundState {
  ref: string;
  paymentRef: string;
  amountMinor: number;
  status: 'pending' | 'succeeded' | 'failed';
}

/** A verified inbound event: its id (for deduplication), type, and the payment it is about (if any). */
export interface ProviderEvent {
  id: string;
  type: string;
  paymentRef: string | null;
}

const REFUSED = 'provider refused the call';

/**
 * A provider's definitive refusal of a call (a 4xx that is not about rate or keys: more than can be refunded, a
 * payment in the wrong state), as opposed to an outage (5xx, network, timeout) after which the same call, with the same
 * idempotency key, is tried again. Both are 502 PAYMENT_PROVIDER_ERROR to a caller.
 */
export function providerRefused(message: string, cause?: unknown): AppError {
  return new AppError('PAYMENT_PROVIDER_ERROR', message, { internal: REFUSED, cause });
}

export function isProviderRefusal(error: unknown): boolean {
  return error instanceof AppError && error.code === 'PAYMENT_PROVIDER_ERROR' && error.internal === REFUSED;
}

/** Thrown by `parseEvent` when the body is not signed by the provider for this store and mode: answer 400. */
export class EventSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Whether the provider takes payments for this store in this mode (the test provider: test mode only). */
  available(tenant: Tenant): Promise<boolean>;
  /** Creates the payment at the provider (nothing is charged yet: `requires_payment_method`); the same key, the same payment. */
  createPayment(tenant: Tenant, input: CreatePaymentInput): Promise<ProviderPaymentState>;
  /**
   * Pays a created payment with the card typed on our pay page, for providers whose card form is ours (the test
   * provider; Stripe's card fields are its own, confirmed in the browser). Confirming again answers the same state.
   */
  confirmPayment?(tenant: Tenant, ref: string, input: { card: CardInput; idempotencyKey: string }): Promise<ProviderPaymentState>;
  /**
   * For providers whose card fields are their own script (no `confirmPayment`): the public key that script needs for
   * this store and mode, or null when it has none. The pay page then confirms in the browser, with the payment's
   * `clientSecret`, and the outcome is read back from the provider by the server.
   */
  browserCheckout?(tenant: Tenant): Promise<BrowserCheckout | null>;
  retrievePayment(tenant: Tenant, ref: string): Promise<ProviderPaymentState>;
  capturePayment(tenant: Tenant, ref: string, input: { amountMinor: number; idempotencyKey: string }): Promise<ProviderPaymentState>;
  cancelPayment(tenant: Tenant, ref: string, input: { idempotencyKey: string }): Promise<ProviderPaymentState>;
  /** Refunds `amountMinor` of the payment; `reference` is our refund record's id, kept by the provider (Stripe: metadata) for `findRefund`. */
  refundPayment(tenant: Tenant, ref: string, input: { amountMinor: number; idempotencyKey: string; reference?: string }): Promise<ProviderRefundState>;
  /**
   * The refund of the payment made for our record `reference`, or null when the provider has none. Asked before a
   * refund is sent again, because a provider's idempotency keys may expire (Stripe's after 24 hours) while a retry
   * must still never refund twice. Providers whose keys never expire (the test provider) need not have it.
   */
  findRefund?(tenant: Tenant, ref: string, reference: string): Promise<ProviderRefundState | null>;
  /** Verifies the signature over the raw body and parses it; `EventSignatureError` when it does not verify. */
  parseEvent(tenant: Tenant, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent>;
}

/**
 * The idempotency key of a provider call: our record's id and what the call does (`ppay_…:create`,
 * `ppay_…:capture`, `pay_…:refund`). The same record and action always give the same key.
 */
export function idempotencyKeyOf(recordId: string, action: 'create' | 'confirm' | 'capture' | 'cancel' | 'refund'): string {
  return `${recordId}:${action}`;
}
