import type Stripe from 'stripe';
import type { Tenant } from '../context.ts';
import {
  EventSignatureError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderPaymentState,
  type ProviderPaymentStatus,
  type ProviderRefundState,
  providerRefused,
} from '../domain/payments/provider-port.ts';
import { AppError } from '../errors.ts';
import { stripeSdk } from './lazy-modules.ts';

/** Where the SDK sends its calls: Stripe's API, or (tests) a fake of it on loopback. */
export interface StripeConnection {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** A store's Stripe secrets in one mode, opened, or null when it has none. */
export type StripeSecrets = (tenant: Tenant) => Promise<{ secretKey: string; webhookSecret: string; publishableKey: string | null } | null>;

type Intent = Stripe.PaymentIntent;

/** A PaymentIntent as the port reads it. A declined confirmation leaves the intent `requires_payment_method` with its error: that attempt failed. */
function stateOf(pi: Intent): ProviderPaymentState {
  const error = pi.last_payment_error;
  let status: ProviderPaymentStatus;
  switch (pi.status) {
    case 'requires_payment_method':
      status = error ? 'failed' : 'requires_payment_method';
      break;
    case 'requires_confirmation':
      status = 'requires_payment_method';
      break;
    case 'requires_action':
      status = 'requires_action';
      break;
    case 'processing':
      status = 'processing';
      break;
    case 'requires_capture':
      status = 'authorized';
      break;
    case 'succeeded':
      status = 'succeeded';
      break;
    default:
      status = 'canceled';
  }
  const redirect = pi.next_action?.redirect_to_url?.url ?? null;
  return {
    ref: pi.id,
    status,
    amountMinor: pi.amount,
    currency: pi.currency.toUpperCase(),
    receivedMinor: pi.amount_received ?? 0,
    // Only a retrieve expands the charge; other answers say nothing of refunds (0: never more than we know).
    refundedMinor: typeof pi.latest_charge === 'object' && pi.latest_charge !== null ? pi.latest_charge.amount_refunded : 0,
    failure: status === 'failed' && error ? { code: error.decline_code ?? error.code ?? 'card_error', message: error.message ?? 'The payment did not go through.' } : null,
    actionUrl: status === 'requires_action' ? redirect : null,
    clientSecret: pi.client_secret ?? null,
  };
}

/** A refusal or outage of Stripe as the service reports it (the idempotency key makes the retry safe). */
function providerError(error: unknown): AppError {
  const message = error instanceof stripeSdk().errors.StripeError ? error.message : String(error);
  // Stripe refused the call itself (a bad request, a card error, a key reused for other parameters): trying it again
  // cannot succeed. Anything else (5xx, network, rate limit, keys) is an outage: the same call is tried again later.
  const refused = error instanceof stripeSdk().errors.StripeInvalidRequestError || error instanceof stripeSdk().errors.StripeCardError || error instanceof stripeSdk().errors.StripeIdempotencyError;
  return refused ? providerRefused(`Stripe: ${message}`, error) : new AppError('PAYMENT_PROVIDER_ERROR', `Stripe: ${message}`);
}

function refundStateOf(refund: Stripe.Refund, ref: string): ProviderRefundState {
  const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
  return { ref: refund.id, paymentRef: ref, amountMinor: refund.amount, status };
}

/**
 * The Stripe adapter of the provider port, through the official `stripe` package (PaymentIntents): amounts in minor
 * units as Stripe takes them, every call that moves money with our idempotency key, events verified with the SDK's
 * `webhooks.constructEvent` against the store's signing secret. Card details never reach this service with Stripe:
 * they are confirmed in the shopper's browser (no `confirmPayment`).
 */
export function createStripeProvider(deps: { secrets: StripeSecrets; connection?: StripeConnection | undefined; maxNetworkRetries?: number }): PaymentProvider & { verifyKey(secretKey: string): Promise<{ accountId: string | null }> } {
  const clients = new Map<string, Stripe>();
  const clientOf = (secretKey: string): Stripe => {
    let client = clients.get(secretKey);
    if (!client) {
      client = new (stripeSdk())(secretKey, {
        maxNetworkRetries: deps.maxNetworkRetries ?? 2,
        timeout: 20_000,
        telemetry: false,
        ...(deps.connection ? { host: deps.connection.host, port: deps.connection.port, protocol: deps.connection.protocol } : {}),
      });
      if (clients.size > 1000) clients.clear();
      clients.set(secretKey, client);
    }
    return client;
  };
  async function stripeFor(tenant: Tenant): Promise<{ client: Stripe; webhookSecret: string }> {
    const secrets = await deps.secrets(tenant);
    if (!secrets) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `Stripe is not set up for this store in ${tenant.mode} mode.`);
    return { client: clientOf(secrets.secretKey), webhookSecret: secrets.webhookSecret };
  }
  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw providerError(error);
    }
  }

  return {
    name: 'stripe',

    /** Takes payments once the mode's keys are saved with a publishable key (the pay page's Payment Element needs it). */
    async available(tenant) {
      return ((await deps.secrets(tenant))?.publishableKey ?? null) !== null;
    },

    async browserCheckout(tenant) {
      const publishableKey = (await deps.secrets(tenant))?.publishableKey ?? null;
      return publishableKey === null ? null : { provider: 'stripe', publishableKey };
    },

    async createPayment(tenant, input) {
      const { client } = await stripeFor(tenant);
      const pi = await call(() =>
        client.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            capture_method: input.captureMethod === 'manual' ? 'manual' : 'automatic',
            automatic_payment_methods: { enabled: true },
            description: input.description.slice(0, 1000),
            metadata: { reference: input.reference },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return stateOf(pi);
    },

    async retrievePayment(tenant, ref) {
      const { client } = await stripeFor(tenant);
      return stateOf(await call(() => client.paymentIntents.retrieve(ref, { expand: ['latest_charge'] })));
    },

    async capturePayment(tenant, ref, input) {
      const { client } = await stripeFor(tenant);
      return stateOf(await call(() => client.paymentIntents.capture(ref, { amount_to_capture: input.amountMinor }, { idempotencyKey: input.idempotencyKey })));
    },

    async cancelPayment(tenant, ref, input) {
      const { client } = await stripeFor(tenant);
      return stateOf(await call(() => client.paymentIntents.cancel(ref, {}, { idempotencyKey: input.idempotencyKey })));
    },

    async refundPayment(tenant, ref, input): Promise<ProviderRefundState> {
      const { client } = await stripeFor(tenant);
      const refund = await call(() =>
        client.refunds.create({ payment_intent: ref, amount: input.amountMinor, ...(input.reference ? { metadata: { reference: input.reference } } : {}) }, { idempotencyKey: input.idempotencyKey }),
      );
      return refundStateOf(refund, ref);
    },

    /** The intent's refund whose metadata names our record (refunds of one intent are few: one page of 100). */
    async findRefund(tenant, ref, reference) {
      const { client } = await stripeFor(tenant);
      const page = await call(() => client.refunds.list({ payment_intent: ref, limit: 100 }));
      const refund = page.data.find((r) => r.metadata?.reference === reference);
      return refund ? refundStateOf(refund, ref) : null;
    },

    async parseEvent(tenant, rawBody, headers): Promise<ProviderEvent> {
      const { client, webhookSecret } = await stripeFor(tenant).catch(() => {
        throw new EventSignatureError('Stripe is not set up for this store and mode');
      });
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new EventSignatureError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (error) {
        throw new EventSignatureError(error instanceof Error ? error.message : 'the signature does not verify');
      }
      const object = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
      const intent = object.object === 'payment_intent' ? (object.id ?? null) : typeof object.payment_intent === 'string' ? object.payment_intent : (object.payment_intent?.id ?? null);
      return { id: event.id, type: event.type, paymentRef: intent };
    },

    /** Checks a secret key by reading its account; Stripe refusing it throws. */
    async verifyKey(secretKey) {
      const client = clientOf(secretKey);
      try {
        const account = await client.accounts.retrieveCurrent();
        return { accountId: account.id };
      } catch (error) {
        if (error instanceof stripeSdk().errors.StripeAuthenticationError || error instanceof stripeSdk().errors.StripePermissionError || error instanceof stripeSdk().errors.StripeInvalidRequestError) throw error;
        throw providerError(error);
      }
    },
  };
}
