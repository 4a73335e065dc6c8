import type { RequestContext, StoreContext, Tenant } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { StoreRepo } from '../accounts/ports.ts';
import { orderNotFound } from '../orders/order-errors.ts';
import type { OrderService, OrderServiceRepos } from '../orders/order-service.ts';
import type { Order } from '../orders/order-types.ts';
import type { OrderRepo } from '../orders/ports.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import { currencyOf, fromMinor } from '../shared/money.ts';
import type { Transactional } from '../shared/transactional.ts';
import type { EventPublisher } from '../webhooks/publisher.ts';
import type { DomainEvent } from '../webhooks/types.ts';
import { effectiveLinkStatus, type PaymentLinkStatus } from './payment-rules.ts';
import { enabledPaymentMethods, outstandingMinor, paymentMethodsOf, recordPayment, settlePayment } from './payment-service.ts';
import type { PaymentRepo, ProviderPaymentRepo } from './ports.ts';
import {
  type CardInput,
  EventSignatureError,
  FINAL_PROVIDER_STATUSES,
  idempotencyKeyOf,
  isProviderRefusal,
  type PaymentProvider,
  type ProviderName,
  type ProviderPaymentState,
  type ProviderPaymentStatus,
} from './provider-port.ts';
import type { FlagResolution, PaymentLink, ProviderPayment } from './types.ts';

/** The repositories provider-payment-service.ts reads and writes: the order service's (it moves orders in the same transaction) and its own. */
export interface ProviderPaymentServiceRepos extends OrderServiceRepos {
  orders: OrderServiceRepos['orders'] & Pick<OrderRepo, 'returnUrlOf' | 'lockOrderForPayment'>;
  payments: OrderServiceRepos['payments'] &
    Pick<PaymentRepo, 'findOrder' | 'findLink' | 'insertPaidPayment' | 'markLinkPaid' | 'findLinkByTokenAcrossStores' | 'addAuthorized' | 'findPayment' | 'settlePayment' | 'setReference' | 'ordersWithPendingCardRefundsAcrossStores'>;
  providerPayments: ProviderPaymentRepo;
  stores: Pick<StoreRepo, 'findStore'>;
}

/** Which provider takes a store's card payments in a mode, and each provider by name (for its inbound events). */
export interface ProviderRegistry {
  forTenant(tenant: Tenant): Promise<PaymentProvider | null>;
  byName(name: ProviderName): PaymentProvider | undefined;
}

/** What the pay page shows (docs/payments.md, "The pay page"). Money in minor units of `currency`. */
export interface PayPageView {
  tenant: Tenant;
  storeName: string;
  linkStatus: PaymentLinkStatus;
  amountMinor: number;
  currency: string;
  description: string | null;
  orderNumber: string | null;
  lines: Array<{ name: string; quantity: number; totalMinor: number }>;
  /** the newest attempt, as the provider reported it when the page was asked for */
  attempt: Pick<ProviderPayment, 'id' | 'status' | 'failureCode' | 'failureMessage' | 'actionUrl' | 'captureMethod'> | null;
  /** whether a card can be paid here now: the link is active, a provider takes cards, no attempt is under way */
  canPay: boolean;
  /**
   * When the provider's own card fields take the card (Stripe's Payment Element): its public key, the open attempt's
   * client secret, and where the provider sends the shopper back (this page, which then asks the provider). Null for
   * the test provider, whose card form is ours.
   */
  checkout: { provider: ProviderName; publishableKey: string; clientSecret: string; returnUrl: string } | null;
  /** why a card cannot be paid when the link is active */
  unavailable: string | null;
  /** a storefront checkout's way back to the shop, offered once the link is paid (docs/checkout.md); else null */
  returnUrl: string | null;
}

/** The shopper's part of an attempt is over once the money is held or taken, or while the provider decides. */
const UNDER_WAY: readonly ProviderPaymentStatus[] = ['processing', 'authorized', 'succeeded'];
/** Statuses worth asking the provider about again: it may have moved on since. */
const OPEN: readonly ProviderPaymentStatus[] = ['requires_payment_method', 'requires_action', 'processing'];

function providerContext(rc: RequestContext, tenant: Tenant, provider: ProviderName): StoreContext {
  return {
    requestId: rc.requestId,
    now: rc.now,
    actor: { type: 'system', id: `payment-provider:${provider}`, label: `payment provider ${provider}`, userId: null },
    credential: 'api_key',
    tenant,
    role: 'staff',
    permissions: new Set(),
  };
}

function money(minor: number, currency: string): string {
  const c = currencyOf(currency);
  return `${fromMinor(minor, c).toFixed(c.digits)} ${currency}`;
}

/**
 * Payments through a provider (docs/payments.md): the pay page's attempts, the provider's inbound events, captures.
 * Completion — the money recorded on the order, the link closed, the order moved — happens exactly once per provider
 * payment, whichever comes first of the provider's event and the shopper's return (`syncIn`): under the payment's row
 * lock, marked by `completed_at`, in one transaction with everything it writes.
 */
export function createProviderPaymentService(deps: {
  repos: Transactional<ProviderPaymentServiceRepos>;
  providers: ProviderRegistry;
  /** Moves a pending order whose payments cover its total to paid, in the completion's transaction. */
  orders: Pick<OrderService, 'settlePaidOrder' | 'extendHold'>;
  events: Pick<EventPublisher, 'publish'>;
  baseUrl: string;
}) {
  const { repos, providers, orders, events } = deps;
  const base = deps.baseUrl.replace(/\/+$/, '');

  function requireProvider(name: ProviderName): PaymentProvider {
    const provider = providers.byName(name);
    if (!provider) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `The payment provider ${name} is not set up on this service.`);
    return provider;
  }

  /**
   * Brings our record of a provider payment in line with the provider's `state`, in the caller's transaction. Each
   * effect happens once: the row is locked, and completion is a conditional write (`complete`) that only one caller
   * wins; a state older than what we recorded changes nothing (statuses only move forward).
   */
  async function syncIn(repos: ProviderPaymentServiceRepos, rc: RequestContext, tenant: Tenant, attemptId: string, state: ProviderPaymentState): Promise<ProviderPayment> {
    const p = await repos.providerPayments.lock(tenant, attemptId);
    if (!p) throw new AppError('PAYMENT_PROVIDER_ERROR', `No provider payment ${attemptId}.`);
    const ctx = providerContext(rc, tenant, p.provider);
    const now = rc.now;
    if (p.completedAt !== null) {
      await recordRefundsMadeAtProvider(repos, ctx, p, state);
      return p;
    }
    // Final statuses stay final, with one exception: a failed attempt whose provider took the money after all (Stripe
    // lets the shopper retry the same PaymentIntent after a decline, in the browser) is recorded, never lost. The same
    // failure told again changes nothing.
    if (FINAL_PROVIDER_STATUSES.includes(p.status)) {
      const tookMoneyAfterFailure = p.status === 'failed' && (state.status === 'authorized' || state.status === 'succeeded');
      if (!tookMoneyAfterFailure && (p.status !== state.status || p.status !== 'failed' || p.failureCode === (state.failure?.code ?? null))) return p;
    }
    const currencyOk = state.currency.toUpperCase() === p.currency;
    const newEvents: DomainEvent[] = [];
    /** The link as its record reads after it was paid now (the paying update answers it), for `payment_link.paid`. */
    let closedLink: PaymentLink | undefined;
    const paidLink = async (): Promise<DomainEvent[]> => (closedLink ? [{ type: 'payment_link.paid', link: { ...closedLink, status: 'paid', url: `${base}/pay/${closedLink.token}` } }] : []);
    /** The order's number, as read under its lock in this transaction when it was (an order's number never changes). */
    let knownNumber: string | undefined;
    const orderNumber = async () => (p.orderId === null ? null : (knownNumber ?? (await repos.payments.findOrder(tenant, p.orderId))?.number ?? null));

    if (state.status === 'authorized' || state.status === 'succeeded') {
      const flags: string[] = [];
      const secured = p.status === 'authorized';
      if (!currencyOk || state.amountMinor !== p.amountMinor) flags.push(`the provider holds ${money(state.amountMinor, state.currency.toUpperCase())}, ${money(p.amountMinor, p.currency)} is owed`);
      // The shopper's part is done (money held or taken): the link closes, once.
      if (!secured && p.linkId !== null && flags.length === 0) {
        closedLink = await repos.payments.markLinkPaid(tenant, p.linkId, now);
        if (!closedLink) flags.push('the payment link was no longer active (cancelled while the shopper paid): refund the payment or settle it by hand');
      }
      if (state.status === 'authorized') {
        if (secured) return p;
        if (flags.length === 0 && p.orderId !== null) await repos.payments.addAuthorized(tenant, p.orderId, p.amountMinor, now);
        await repos.providerPayments.update(tenant, p.id, { status: 'authorized', actionUrl: null, flag: flags.length ? flags.join('; ') : null }, now);
        await recordAudit(repos, ctx, { action: flags.length ? 'payment.flagged' : 'payment.authorize', targetType: 'provider_payment', targetId: p.id, details: { amountMinor: p.amountMinor, flags } });
        const events_ = await paidLink();
        if (events_.length > 0) await events.publish(repos, tenant, now, () => events_);
        return { ...p, status: 'authorized', actionUrl: null };
      }
      // succeeded: the money is taken. Record it on the order once, then move the order.
      if (secured && p.orderId !== null && !p.flag) await repos.payments.addAuthorized(tenant, p.orderId, -p.amountMinor, now);
      if (!currencyOk || state.receivedMinor !== p.amountMinor) {
        const text = `the provider captured ${money(state.receivedMinor, state.currency.toUpperCase())}, ${money(p.amountMinor, p.currency)} is owed`;
        if (!flags.includes(text)) flags.push(text);
      }
      let paymentId: string | null = null;
      let paidOrder: Order | undefined;
      /** Whether recording the payment also won the completion's mark (written with it); undefined when it did not write it. */
      let completedWithPayment: boolean | undefined;
      if (p.orderId !== null && flags.length === 0 && !p.flag) {
        const orderId = p.orderId;
        // The whole order, locked: the payment is recorded on it, then it moves to paid, without reading it again.
        const held = await repos.orders.lockOrderForPayment(tenant, orderId);
        const order = held?.order;
        knownNumber = order?.number;
        // What is pending on the order: read with the lock (SQLite), or (PostgreSQL) checked by the payment's own
        // statement and read here, once, only if the payment is not recorded.
        let pendingRead: Promise<number> | undefined;
        const pendingPaidMinor = held?.pendingPaidMinor ?? (() => (pendingRead ??= repos.payments.pendingPaidMinor(tenant, orderId)));
        const notRecorded = async (order: Order) => {
          const open = outstandingMinor(order, typeof pendingPaidMinor === 'number' ? pendingPaidMinor : await pendingPaidMinor());
          return `order ${order.number} has ${money(open, order.currency)} outstanding${order.status === 'cancelled' ? ' and is cancelled' : ''}: the payment was not recorded on it; refund it or settle it by hand`;
        };
        if (!order) {
          flags.push('the order is gone');
        } else if (order.status === 'cancelled' || (typeof pendingPaidMinor === 'number' && p.amountMinor > outstandingMinor(order, pendingPaidMinor))) {
          flags.push(await notRecorded(order));
        } else {
          const reference = `${p.provider} ${state.ref}`.slice(0, 200);
          // Flags are none here (neither the attempt's nor new ones): the completion's mark is written with the record.
          const completing = { id: p.id, status: 'succeeded' as const, receivedMinor: state.receivedMinor, flag: null };
          try {
            const recorded = await recordPayment(repos, ctx, { orderId, kind: 'payment', method: 'card', amountMinor: p.amountMinor, reference, viaProvider: true, held: { order, pendingPaidMinor }, completing });
            paymentId = recorded.payment.id;
            completedWithPayment = recorded.completed;
            paidOrder = { ...order, paidMinor: recorded.order.paidMinor, refundedMinor: recorded.order.refundedMinor, updatedAt: now };
          } catch (error) {
            // More than is outstanding, found by the payment's statement (nothing written): flagged, as when found above.
            if (!(error instanceof AppError && error.code === 'PAYMENT_EXCEEDS_OUTSTANDING')) throw error;
            flags.push(await notRecorded(order));
          }
        }
      }
      const flag = [p.flag, ...flags].filter(Boolean).join('; ') || null;
      if (!(completedWithPayment ?? (await repos.providerPayments.complete(tenant, p.id, { status: 'succeeded', receivedMinor: state.receivedMinor, flag, paymentId }, now)))) {
        // Only reachable if the row lock did not hold (it does): roll everything back rather than record twice.
        throw new AppError('PAYMENT_PROVIDER_ERROR', `Provider payment ${p.id} was completed concurrently.`);
      }
      if (paymentId !== null && p.orderId !== null) await orders.settlePaidOrder(repos, ctx, p.orderId, `paid through ${p.provider} (${state.ref})`, paidOrder);
      await recordAudit(repos, ctx, { action: flag ? 'payment.flagged' : 'payment.complete', targetType: 'provider_payment', targetId: p.id, details: { amountMinor: p.amountMinor, receivedMinor: state.receivedMinor, paymentId, flag } });
      const completed: ProviderPayment = { ...p, status: 'succeeded', actionUrl: null, receivedMinor: state.receivedMinor, flag, paymentId, completedAt: now, updatedAt: now };
      newEvents.push({ type: 'payment.succeeded', payment: completed, orderNumber: await orderNumber() }, ...(await paidLink()));
      await events.publish(repos, tenant, now, () => newEvents);
      return completed;
    }

    if (state.status === 'failed' || state.status === 'canceled') {
      if (p.status === 'authorized' && p.orderId !== null && !p.flag) await repos.payments.addAuthorized(tenant, p.orderId, -p.amountMinor, now);
      await repos.providerPayments.update(tenant, p.id, { status: state.status, actionUrl: null, failureCode: state.failure?.code ?? null, failureMessage: state.failure?.message ?? null }, now);
      await recordAudit(repos, ctx, { action: `payment.${state.status === 'failed' ? 'fail' : 'cancel'}`, targetType: 'provider_payment', targetId: p.id, details: { failureCode: state.failure?.code ?? null } });
      const ended: ProviderPayment = { ...p, status: state.status, actionUrl: null, failureCode: state.failure?.code ?? null, failureMessage: state.failure?.message ?? null, updatedAt: now };
      if (state.status === 'failed') {
        const number = await orderNumber();
        await events.publish(repos, tenant, now, (): DomainEvent[] => [{ type: 'payment.failed', payment: ended, orderNumber: number }]);
      }
      return ended;
    }

    // requires_payment_method, requires_action, processing: not decided yet; never move an authorization backwards.
    if (p.status === 'authorized') return p;
    if (p.status !== state.status || p.actionUrl !== state.actionUrl) await repos.providerPayments.update(tenant, p.id, { status: state.status, actionUrl: state.actionUrl }, now);
    // A 3-D Secure challenge opened: a storefront order's stock hold is lengthened once, so the shopper can finish it.
    if (state.status === 'requires_action' && p.status !== 'requires_action' && p.orderId !== null) await orders.extendHold(repos, ctx, p.orderId);
    return { ...p, status: state.status, actionUrl: state.actionUrl };
  }

  /**
   * Refunds made in the provider's own dashboard (or by any means but ours): what the provider says it refunded of a
   * completed payment beyond the refunds we recorded against it (sent or being sent: `refund ppay_…`) is recorded as a
   * succeeded card refund, once (the payment's row is locked, and the difference is zero afterwards).
   */
  async function recordRefundsMadeAtProvider(repos: ProviderPaymentServiceRepos, ctx: StoreContext, p: ProviderPayment, state: ProviderPaymentState): Promise<void> {
    if (p.orderId === null || p.paymentId === null || state.refundedMinor <= 0) return;
    const ours = (await repos.payments.listPayments(ctx.tenant, p.orderId))
      .filter((r) => r.kind === 'refund' && r.status !== 'failed' && r.reference === `refund ${p.id}`)
      .reduce((s, r) => s + r.amountMinor, 0);
    const missing = state.refundedMinor - ours;
    if (missing <= 0) return;
    try {
      const { payment } = await recordPayment(repos, ctx, { orderId: p.orderId, kind: 'refund', method: 'card', amountMinor: missing, reference: `refund ${p.id}` });
      await recordAudit(repos, ctx, { action: 'refund.at_provider', targetType: 'provider_payment', targetId: p.id, details: { amountMinor: missing, refundId: payment.id } });
      await events.publish(repos, ctx.tenant, ctx.now, (): DomainEvent[] => [{ type: 'refund.succeeded', refund: payment, currency: p.currency }]);
    } catch (error) {
      // More than the order has left to refund: kept as a flag for the merchant, never recorded silently.
      if (!(error instanceof AppError)) throw error;
      await repos.providerPayments.update(ctx.tenant, p.id, { flag: `${p.flag ? `${p.flag}; ` : ''}the provider refunded ${money(missing, p.currency)} more than was recorded, and the order cannot take it: ${error.message}`.slice(0, 500) }, ctx.now);
    }
  }

  const sync = (rc: RequestContext, tenant: Tenant, attemptId: string, state: ProviderPaymentState) => repos.transaction((repos) => syncIn(repos, rc, tenant, attemptId, state));

  /** Asks the provider where an open attempt is, and records it (the shopper's return, a page reload). */
  async function refresh(rc: RequestContext, tenant: Tenant, attempt: ProviderPayment): Promise<ProviderPayment> {
    if (attempt.providerRef === null || !OPEN.includes(attempt.status)) return attempt;
    const state = await requireProvider(attempt.provider).retrievePayment(tenant, attempt.providerRef);
    return sync(rc, tenant, attempt.id, state);
  }

  async function findByToken(token: string): Promise<{ tenant: Tenant; link: PaymentLink; paymentMethods: string[] | null } | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    return repos.payments.findLinkByTokenAcrossStores(token);
  }

  /** Why the store cannot take a card here, or null. */
  async function cardRefusal(tenant: Tenant, stored?: { paymentMethods: string[] | null }): Promise<string | null> {
    // `stored`: the settings' methods as read with the link (one read fewer).
    const methods = stored ? paymentMethodsOf(stored.paymentMethods) : await enabledPaymentMethods(repos, tenant);
    if (!methods.includes('card')) return 'This store does not take card payments. Contact the store to pay another way.';
    const provider = await providers.forTenant(tenant);
    if (!provider) return tenant.mode === 'live' ? 'This store cannot take card payments yet. Contact the store to pay another way.' : 'No payment provider is set up for test mode.';
    // Stripe's card fields (the Payment Element) are Stripe's own script: they need the store's publishable key.
    if (!provider.confirmPayment && !(await provider.browserCheckout?.(tenant))) return 'This store cannot take card payments on this page yet. Contact the store to pay another way.';
    return null;
  }

  /**
   * The link's attempt to pay now, chosen atomically (ProviderPaymentRepo.currentAttempt): the latest one unless it
   * failed, was cancelled or is another provider's, else a new one (our record first, committed, so its id is the
   * idempotency key of every provider call). Two submissions or page loads at once share one attempt, so one
   * idempotency key, so one payment at the provider.
   */
  async function currentAttempt(rc: RequestContext, tenant: Tenant, link: PaymentLink, provider: PaymentProvider): Promise<ProviderPayment> {
    const fresh: ProviderPayment = {
      id: newId('ppay', rc.now),
      provider: provider.name,
      linkId: link.id,
      orderId: link.orderId,
      amountMinor: link.amountMinor,
      currency: link.currency,
      captureMethod: link.captureMethod,
      status: 'requires_payment_method',
      providerRef: null,
      actionUrl: null,
      failureCode: null,
      failureMessage: null,
      flag: null,
      receivedMinor: null,
      paymentId: null,
      completedAt: null,
      createdAt: rc.now,
      updatedAt: rc.now,
    };
    return repos.providerPayments.currentAttempt(tenant, fresh);
  }

  /** Creates the attempt's payment at the provider once (its `create` idempotency key) and saves its reference. */
  async function createAtProvider(rc: RequestContext, tenant: Tenant, attempt: ProviderPayment, provider: PaymentProvider, link: PaymentLink, token: string): Promise<{ attempt: ProviderPayment; state: ProviderPaymentState }> {
    const state = await provider.createPayment(tenant, {
      idempotencyKey: idempotencyKeyOf(attempt.id, 'create'),
      amountMinor: attempt.amountMinor,
      currency: attempt.currency,
      captureMethod: attempt.captureMethod,
      description: link.description ?? `Payment link ${link.id}`,
      reference: attempt.id,
      returnUrl: `${base}/pay/${token}`,
    });
    await repos.providerPayments.update(tenant, attempt.id, { providerRef: state.ref }, rc.now);
    return { attempt: { ...attempt, providerRef: state.ref }, state };
  }

  /**
   * For a provider whose card fields are its own script (Stripe): the open attempt of the link, created at the
   * provider if need be, and what the script needs to confirm it in the shopper's browser. Null when the provider has
   * no public key for the store and mode, or the attempt is already past the shopper's part.
   */
  async function openCheckout(rc: RequestContext, tenant: Tenant, link: PaymentLink, token: string): Promise<PayPageView['checkout']> {
    const provider = await providers.forTenant(tenant);
    if (!provider || provider.confirmPayment || !provider.browserCheckout) return null;
    const keys = await provider.browserCheckout(tenant);
    if (!keys) return null;
    let attempt = await currentAttempt(rc, tenant, link, provider);
    if (attempt.provider !== provider.name || (attempt.status !== 'requires_payment_method' && attempt.status !== 'requires_action')) return null;
    let state: ProviderPaymentState;
    if (attempt.providerRef === null) ({ attempt, state } = await createAtProvider(rc, tenant, attempt, provider, link, token));
    else state = await provider.retrievePayment(tenant, attempt.providerRef);
    if (!state.clientSecret || (state.status !== 'requires_payment_method' && state.status !== 'requires_action')) return null;
    return { provider: provider.name, publishableKey: keys.publishableKey, clientSecret: state.clientSecret, returnUrl: `${base}/pay/${token}` };
  }

  const service = {
    /**
     * For a storefront checkout's link (docs/checkout.md): what a page that embeds the provider's own card element
     * (Stripe's Payment Element) needs, the link's open attempt made at the provider now; null when the store's
     * provider takes the card on our pay page (the test provider) or cannot take one.
     */
    async elementFor(rc: RequestContext, token: string, known?: { tenant: Tenant; link: PaymentLink }): Promise<PayPageView['checkout']> {
      // `known`: the link of this token as the caller just made it (a checkout), not read again.
      const found = known ?? (await findByToken(token));
      if (!found) return null;
      // A provider that takes the card on our pay page (the test provider) has no element: nothing more to ask.
      const provider = await providers.forTenant(found.tenant);
      if (!provider || provider.confirmPayment || !provider.browserCheckout) return null;
      if ((await cardRefusal(found.tenant)) !== null) return null;
      return openCheckout(rc, found.tenant, found.link, token);
    },

    /** The pay page of a link token, or undefined (no such link). An open attempt is first brought up to date from its provider. */
    async payPage(rc: RequestContext, token: string): Promise<PayPageView | undefined> {
      const found = await findByToken(token);
      if (!found) return undefined;
      const { tenant } = found;
      let attempt = await repos.providerPayments.latestForLink(tenant, found.link.id);
      if (attempt) attempt = await refresh(rc, tenant, attempt);
      const link = (await repos.payments.findLink(tenant, found.link.id)) ?? found.link;
      const store = await repos.stores.findStore(tenant.storeId);
      let orderNumber: string | null = null;
      let lines: PayPageView['lines'] = [];
      let returnUrl: string | null = null;
      if (link.orderId !== null) {
        const order = await repos.orders.findOrder(tenant, link.orderId);
        if (order) {
          orderNumber = order.number;
          if (order.channel === 'storefront') returnUrl = await repos.orders.returnUrlOf(tenant, order.id);
          lines = (await repos.orders.detail(tenant, order)).lines.map((l) => ({ name: [l.productName, ...Object.values(l.attributes)].join(' · '), quantity: l.quantity, totalMinor: l.lineTotalMinor }));
        }
      }
      const linkStatus = effectiveLinkStatus(link, rc.now);
      const unavailable = linkStatus === 'active' ? await cardRefusal(tenant, found) : null;
      const underWay = attempt !== undefined && UNDER_WAY.includes(attempt.status);
      const checkout = linkStatus === 'active' && unavailable === null && !underWay ? await openCheckout(rc, tenant, link, token) : null;
      return {
        tenant,
        storeName: store?.name ?? 'This store',
        linkStatus,
        amountMinor: link.amountMinor,
        currency: link.currency,
        description: link.description,
        orderNumber,
        lines,
        attempt: attempt ? { id: attempt.id, status: attempt.status, failureCode: attempt.failureCode, failureMessage: attempt.failureMessage, actionUrl: attempt.actionUrl, captureMethod: attempt.captureMethod } : null,
        canPay: linkStatus === 'active' && unavailable === null && !underWay,
        unavailable,
        checkout,
        returnUrl,
      };
    },

    /**
     * Pays the link with a card typed on the pay page: a new attempt (our record first, committed, so its id is the
     * idempotency key of every provider call), created and confirmed at the store's provider, and the outcome
     * recorded. Refused: an unknown token (undefined), a link that is not active (409 PAYMENT_LINK_NOT_ACTIVE), no
     * provider (409 PAYMENT_PROVIDER_UNAVAILABLE). An attempt already under way is answered as it is.
     */
    async payLink(rc: RequestContext, token: string, card: CardInput): Promise<ProviderPayment | undefined> {
      const found = await findByToken(token);
      if (!found) return undefined;
      const { tenant, link } = found;
      const status = effectiveLinkStatus(link, rc.now);
      if (status !== 'active') {
        throw new AppError('PAYMENT_LINK_NOT_ACTIVE', `This payment link is ${status}.`, { details: [{ path: 'status', rule: `is ${status}; must be active` }] });
      }
      const refusal = await cardRefusal(tenant, found);
      const provider = await providers.forTenant(tenant);
      if (refusal !== null || !provider?.confirmPayment) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', refusal ?? 'The provider of this store takes cards on its own form.');
      let attempt = await currentAttempt(rc, tenant, link, provider);
      // Under way, or waiting for its 3-D Secure check (finish or fail it first): answered as it is.
      if (attempt.status !== 'requires_payment_method') return attempt;
      if (attempt.providerRef === null) ({ attempt } = await createAtProvider(rc, tenant, attempt, provider, link, token));
      const state = await provider.confirmPayment(tenant, attempt.providerRef!, { card, idempotencyKey: idempotencyKeyOf(attempt.id, 'confirm') });
      return sync(rc, tenant, attempt.id, state);
    },

    /**
     * An inbound provider event (POST /v1/payment-providers/{provider}/events/{storeId}/{mode}): verified against the
     * store's signing secret (400 PAYMENT_EVENT_SIGNATURE_INVALID otherwise), recorded once by its id (a duplicate is
     * acknowledged, nothing else), and the payment it names brought up to date from the provider (an event can arrive
     * late or out of order; the provider's current state cannot). An event about a payment we did not create is
     * acknowledged and ignored.
     */
    async receiveEvent(rc: RequestContext, name: ProviderName, tenant: Tenant, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<{ outcome: 'processed' | 'duplicate' | 'ignored' }> {
      const provider = requireProvider(name);
      const invalidSignature = (why: string) => new AppError('PAYMENT_EVENT_SIGNATURE_INVALID', `The event is not signed for this store and mode: ${why}.`);
      if (!(await repos.stores.findStore(tenant.storeId))) throw invalidSignature('no such store');
      let event: Awaited<ReturnType<PaymentProvider['parseEvent']>>;
      try {
        event = await provider.parseEvent(tenant, rawBody, headers);
      } catch (error) {
        if (error instanceof EventSignatureError) throw invalidSignature(error.message);
        throw error;
      }
      if (await repos.providerPayments.hasEvent(tenant, name, event.id)) return { outcome: 'duplicate' };
      const attempt = event.paymentRef === null ? undefined : await repos.providerPayments.findByRef(tenant, name, event.paymentRef);
      const state = attempt ? await provider.retrievePayment(tenant, attempt.providerRef!) : null;
      const result = await repos.transaction(async (repos) => {
        if (!(await repos.providerPayments.insertEvent(tenant, { provider: name, eventId: event.id, type: event.type, providerPaymentId: attempt?.id ?? null }, rc.now))) return { outcome: 'duplicate' as const };
        if (!attempt || !state) return { outcome: 'ignored' as const };
        await syncIn(repos, rc, tenant, attempt.id, state);
        return { outcome: 'processed' as const };
      });
      // An event about a paid order may be the provider confirming a refund still pending here: settle it now rather
      // than at the retry job's next pass. The event is recorded whatever happens (the job tries again).
      if (result.outcome === 'processed' && attempt?.orderId) {
        await service.sendPendingRefunds(providerContext(rc, tenant, name), attempt.orderId).catch(() => undefined);
      }
      return result;
    },

    /** Refuses as `capture` would (403, 404, 409 PAYMENT_NOT_CAPTURABLE), calling no provider; else what it would capture. */
    async checkCapture(ctx: StoreContext, orderId: string): Promise<ProviderPayment[]> {
      requirePermission(ctx, 'payments:write');
      const order = await repos.payments.findOrder(ctx.tenant, orderId);
      if (!order) throw orderNotFound(orderId);
      const authorized = (await repos.providerPayments.listForOrder(ctx.tenant, orderId)).filter((p) => p.status === 'authorized' && p.providerRef !== null && !p.flag);
      if (authorized.length === 0) {
        throw new AppError('PAYMENT_NOT_CAPTURABLE', `Order ${order.number} has no payment authorized at a provider to capture.`, { details: [{ path: 'orderId', rule: 'must have an authorized payment' }] });
      }
      return authorized;
    },

    /**
     * Captures what a provider authorized for the order (links with `captureMethod: manual`): each authorized payment
     * in full, with its own idempotency key; the payment is then recorded and the order moves as for an automatic
     * capture. Nothing authorized → 409 PAYMENT_NOT_CAPTURABLE.
     */
    async capture(ctx: StoreContext, orderId: string): Promise<{ captured: ProviderPayment[] }> {
      const authorized = await service.checkCapture(ctx, orderId);
      const captured: ProviderPayment[] = [];
      for (const p of authorized) {
        const state = await requireProvider(p.provider).capturePayment(ctx.tenant, p.providerRef!, { amountMinor: p.amountMinor, idempotencyKey: idempotencyKeyOf(p.id, 'capture') });
        captured.push(
          await repos.transaction(async (repos) => {
            await recordAudit(repos, ctx, { action: 'payment.capture', targetType: 'order', targetId: orderId, details: { providerPaymentId: p.id, amountMinor: p.amountMinor } });
            return syncIn(repos, ctx, ctx.tenant, p.id, state);
          }),
        );
      }
      return { captured };
    },

    /**
     * Sends an order's pending card refunds to the provider that took the money (after the order's move committed):
     * each refund goes to one provider payment of the order with enough left (its reference `refund ppay_…` is saved
     * before the call, so a retry goes to the same one), with the refund record's id as the idempotency key; the
     * provider's confirmation settles it (refunded on the order, `refund.succeeded`), a refusal fails it. A provider
     * that cannot be reached leaves it pending (reserved; sent again by the next call for the order). A card refund of
     * an order no provider took money for (a card payment recorded by hand) is settled at once, as before.
     */
    async sendPendingRefunds(ctx: StoreContext, orderId: string): Promise<void> {
      const { tenant } = ctx;
      const records = await repos.payments.listPayments(tenant, orderId);
      const pending = records.filter((r) => r.kind === 'refund' && r.method === 'card' && r.status === 'pending');
      if (pending.length === 0) return;
      const taken = (await repos.providerPayments.listForOrder(tenant, orderId)).filter((a) => a.status === 'succeeded' && a.paymentId !== null && a.providerRef !== null).reverse();
      const settle = (refundId: string, status: 'succeeded' | 'failed') =>
        repos.transaction(async (repos) => {
          const { payment } = await settlePayment(repos, ctx, { orderId, paymentId: refundId, status });
          const order = await repos.payments.findOrder(tenant, orderId);
          if (status === 'succeeded' && order) await events.publish(repos, tenant, ctx.now, (): DomainEvent[] => [{ type: 'refund.succeeded', refund: payment, currency: order.currency }]);
        });
      for (const refund of pending) {
        const current = await repos.payments.listPayments(tenant, orderId);
        const sentTo = (a: ProviderPayment) => current.filter((r) => r.kind === 'refund' && r.id !== refund.id && r.status !== 'failed' && r.reference === `refund ${a.id}`).reduce((s, r) => s + r.amountMinor, 0);
        let target = taken.find((a) => refund.reference === `refund ${a.id}`);
        if (!target) {
          if (taken.length === 0) {
            await settle(refund.id, 'succeeded');
            continue;
          }
          target = taken.find((a) => (a.receivedMinor ?? a.amountMinor) - sentTo(a) >= refund.amountMinor);
          if (!target) continue; // more than any one provider payment has left: stays pending for the merchant to settle
          await repos.payments.setReference(tenant, refund.id, `refund ${target.id}`, ctx.now);
        }
        let state: Awaited<ReturnType<PaymentProvider['refundPayment']>>;
        try {
          const provider = requireProvider(target.provider);
          // Sent before (its reference was set): it may have reached the provider even if no answer came back. Ask
          // first, since an idempotency key may have expired since (Stripe's after 24 hours); send only if it has none.
          const sentBefore = refund.reference === `refund ${target.id}`;
          const known = sentBefore && provider.findRefund ? await provider.findRefund(tenant, target.providerRef!, refund.id) : null;
          state = known ?? (await provider.refundPayment(tenant, target.providerRef!, { amountMinor: refund.amountMinor, idempotencyKey: idempotencyKeyOf(refund.id, 'refund'), reference: refund.id }));
        } catch (error) {
          // The provider refused it for good (more than is left, say): failed. An outage leaves it pending for the retry job.
          if (isProviderRefusal(error)) await settle(refund.id, 'failed');
          continue;
        }
        if (state.amountMinor !== refund.amountMinor) continue; // never settle an amount other than the one asked for
        if (state.status === 'succeeded') await settle(refund.id, 'succeeded');
        else if (state.status === 'failed') await settle(refund.id, 'failed');
      }
    },

    /**
     * The refund retry job's one pass (docs/payments.md, "Refunds through the provider"): every order with a card refund
     * still pending that was written more than `minAgeMs` ago (so not one its own request is sending now) has its
     * pending refunds sent again, each with its own idempotency key and after asking the provider whether it already
     * has it: a refund the provider could not be reached for, or answered `pending`, is settled once the provider
     * confirms, and is never made twice. Returns how many orders it looked at.
     */
    async retryPendingRefunds(rc: RequestContext, options: { minAgeMs?: number; limit?: number } = {}): Promise<number> {
      const before = new Date(rc.now.getTime() - (options.minAgeMs ?? 60_000));
      const due = await repos.payments.ordersWithPendingCardRefundsAcrossStores(before, options.limit ?? 100);
      for (const { tenant, orderId } of due) {
        const ctx: StoreContext = { ...providerContext(rc, tenant, 'test'), actor: { type: 'system', id: 'refund-retry', label: 'refund retry job', userId: null } };
        await service.sendPendingRefunds(ctx, orderId);
      }
      return due.length;
    },

    /**
     * Releases what providers hold for a cancelled order (authorized, not captured): each authorization is cancelled
     * at its provider (idempotency key `ppay_…:cancel`) and the order's `authorized` goes down by it. A provider that
     * cannot be reached leaves it held (the merchant can cancel it at the provider; its event then releases it here).
     */
    async releaseAuthorizations(ctx: StoreContext, orderId: string): Promise<void> {
      const held = (await repos.providerPayments.listForOrder(ctx.tenant, orderId)).filter((p) => p.status === 'authorized' && p.providerRef !== null);
      for (const p of held) {
        let state: ProviderPaymentState;
        try {
          state = await requireProvider(p.provider).cancelPayment(ctx.tenant, p.providerRef!, { idempotencyKey: idempotencyKeyOf(p.id, 'cancel') });
        } catch {
          continue;
        }
        await sync(ctx, ctx.tenant, p.id, state);
      }
    },

    /**
     * Settles a flagged provider payment (docs/payments.md, "A flag means look at it"), once: `accept` records the money
     * on its order after all (an authorization is captured first; refused with the order's own rule, 409
     * PAYMENT_EXCEEDS_OUTSTANDING naming `amount`, when the order cannot take it), or only acknowledges the flag when
     * there is no order or the money is already recorded; `refund` gives the money back at the provider (the whole
     * captured amount, its own idempotency key `ppay_…:refund`) or releases an authorization. Refused, nothing written:
     * another store's or no such payment (404), no flag or already settled (409 PAYMENT_NOT_FLAGGED).
     */
    async resolveFlagged(ctx: StoreContext, id: string, action: 'accept' | 'refund'): Promise<ProviderPayment> {
      requirePermission(ctx, 'payments:write');
      const { tenant } = ctx;
      const p = await repos.providerPayments.find(tenant, id);
      if (!p) throw new AppError('PROVIDER_PAYMENT_NOT_FOUND', `No provider payment "${id}" in this store. Take the id from GET /v1/orders/{orderId}/provider-payments.`);
      const refuse = (rule: string, path = 'providerPaymentId') => new AppError('PAYMENT_NOT_FLAGGED', `Provider payment ${id} ${rule}.`, { details: [{ path, rule }] });
      if (!p.flag) throw refuse('has no flag to settle');
      if (p.resolution) throw refuse(`was already settled (${p.resolution})`);
      const held = p.status === 'authorized';
      if (!held && p.status !== 'succeeded') throw refuse(`is ${p.status}: no money is held or taken`);
      const provider = requireProvider(p.provider);
      const settle = (set: { resolution: FlagResolution; paymentId?: string; status?: ProviderPayment['status']; receivedMinor?: number }, work?: (repos: ProviderPaymentServiceRepos) => Promise<Partial<typeof set>>) =>
        repos.transaction(async (repos) => {
          const locked = await repos.providerPayments.lock(tenant, id);
          if (!locked || locked.resolution) throw refuse(`was already settled (${locked?.resolution ?? 'gone'})`);
          const more = work ? await work(repos) : {};
          if (!(await repos.providerPayments.resolve(tenant, id, { ...set, ...more }, ctx.now))) throw refuse('was already settled');
          await recordAudit(repos, ctx, { action: 'payment.resolve', targetType: 'provider_payment', targetId: id, details: { action, resolution: set.resolution, flag: p.flag, ...more } });
          return (await repos.providerPayments.find(tenant, id))!;
        });

      if (action === 'refund') {
        if (p.paymentId !== null) throw refuse('is recorded on its order: refund it through the order (POST /v1/orders/{orderId}/transitions)', 'action');
        if (held) {
          const state = await provider.cancelPayment(tenant, p.providerRef!, { idempotencyKey: idempotencyKeyOf(p.id, 'cancel') });
          return settle({ resolution: 'released', status: state.status === 'canceled' ? 'canceled' : p.status });
        }
        const refund = await provider.refundPayment(tenant, p.providerRef!, { amountMinor: p.receivedMinor ?? p.amountMinor, idempotencyKey: idempotencyKeyOf(p.id, 'refund'), reference: p.id });
        if (refund.status === 'failed') throw new AppError('PAYMENT_PROVIDER_ERROR', `The provider refused to refund provider payment ${id}.`);
        return settle({ resolution: 'refunded' });
      }

      // accept: acknowledged only, when there is no order to record it on or it is recorded already.
      if (p.orderId === null || p.paymentId !== null) return settle({ resolution: 'accepted' });
      const orderId = p.orderId;
      let received = p.receivedMinor ?? p.amountMinor;
      if (held) {
        const state = await provider.retrievePayment(tenant, p.providerRef!);
        const order = await repos.payments.findOrder(tenant, orderId);
        const open = order ? outstandingMinor(order, await repos.payments.pendingPaidMinor(tenant, orderId)) : 0;
        // Checked before the capture: money captured and then not recordable would need a refund.
        if (state.amountMinor > open) {
          throw new AppError('PAYMENT_EXCEEDS_OUTSTANDING', `The provider holds ${money(state.amountMinor, p.currency)}; the order has ${money(open, p.currency)} outstanding. Refund it instead.`, { details: [{ path: 'amount', rule: `must be at most ${money(open, p.currency)}` }] });
        }
        const captured = await provider.capturePayment(tenant, p.providerRef!, { amountMinor: state.amountMinor, idempotencyKey: idempotencyKeyOf(p.id, 'capture') });
        received = captured.receivedMinor;
      }
      return settle({ resolution: 'accepted', status: 'succeeded', receivedMinor: received }, async (repos) => {
        const recorded = await recordPayment(repos, ctx, { orderId, kind: 'payment', method: 'card', amountMinor: received, reference: `${p.provider} ${p.providerRef}`.slice(0, 200), viaProvider: true });
        await orders.settlePaidOrder(repos, ctx, orderId, `paid through ${p.provider} (${p.providerRef}), flag accepted`);
        return { paymentId: recorded.payment.id };
      });
    },

    /** The order's provider payments, oldest first (payments:read). */
    async listForOrder(ctx: StoreContext, orderId: string): Promise<ProviderPayment[]> {
      requirePermission(ctx, 'payments:read');
      if (!(await repos.payments.findOrder(ctx.tenant, orderId))) throw orderNotFound(orderId);
      return repos.providerPayments.listForOrder(ctx.tenant, orderId);
    },
  };
  return service;
}

export type ProviderPaymentService = ReturnType<typeof createProviderPaymentService>;
