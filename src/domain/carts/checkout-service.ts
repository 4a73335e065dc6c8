import type { RequestContext, StoreContext, Tenant } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { CustomerRepo } from '../customers/ports.ts';
import { isBanned } from '../customers/customer-rules.ts';
import type { Customer } from '../customers/customer-types.ts';
import type { OrderService, OrderServiceRepos } from '../orders/order-service.ts';
import { CHECKOUT_HOLD_MS, ORDER_STATUS_TOKEN_PREFIX, type OrderDetail } from '../orders/order-types.ts';
import type { OrderRepo } from '../orders/ports.ts';
import { insertCheckoutLink } from '../payments/payment-link-service.ts';
import type { PaymentRepo } from '../payments/ports.ts';
import type { ProviderPaymentService } from '../payments/provider-payment-service.ts';
import { outstandingMinor } from '../payments/payment-service.ts';
import { readSettings } from '../settings/store-settings.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import { type Currency, currencyOf, fromMinor, storeCurrency } from '../shared/money.ts';
import type { RenderEmail } from '../email/ports.ts';
import type { EventPublisher } from '../webhooks/publisher.ts';
import type { DomainEvent } from '../webhooks/types.ts';
import { hashSecret, newSecret } from '../shared/secrets.ts';
import { foldForSearch } from '../shared/text.ts';
import type { Transactional } from '../shared/transactional.ts';
import { invalid } from '../shared/validation.ts';
import { type CartService, requireShopper } from './cart-service.ts';
import { ABANDONED_AFTER_MS, type AbandonedCheckout } from './cart-types.ts';
import { requirePermission } from '../shared/access.ts';
import { pageOf, tupleCursor } from '../shared/pagination.ts';
import type { PersonalDataReads } from '../shared/personal-data.ts';

/** The abandoned list's cursor: the last item's time and id. */
const abandonedCursor = tupleCursor(['string', 'string'], { refusal: 'query' });
import type { CartRepo } from './ports.ts';

/** The repositories checkout-service.ts reads and writes: the order service's (it places the order in its transaction), carts', customers' and links'. */
export interface CheckoutServiceRepos extends Omit<OrderServiceRepos, 'orders' | 'payments'> {
  carts: CartRepo;
  customers: Pick<CustomerRepo, 'findOrInsertByEmail'>;
  orders: OrderServiceRepos['orders'] & Pick<OrderRepo, 'insertStatusToken' | 'expiredHoldsAcrossStores' | 'returnUrlOf' | 'findByStatusTokenAcrossStores' | 'shipmentsForStatusPage'>;
  payments: OrderServiceRepos['payments'] & Pick<PaymentRepo, 'insertLink' | 'listLinks' | 'lockLink' | 'closeActiveLink' | 'findOrder'>;
}


/** What the order status page shows (GET /orders/{token}): no sign-in, the token is the credential. */
export interface OrderStatusView {
  tenant: Tenant;
  storeName: string;
  order: OrderDetail;
  /** the pay page while something is outstanding on a pending order; null otherwise */
  payUrl: string | null;
  returnUrl: string | null;
  /** The order's shipments as they progress (carrier, tracking, when shipped and delivered; the fulfilment area's). */
  shipments: Array<{ carrier: string | null; trackingNumber: string | null; trackingUrl: string | null; status: string; shippedAt: Date | null; deliveredAt: Date | null }>;
}

/** What a checkout answers: the order, and how to pay it. */
export interface CheckoutResult {
  order: OrderDetail;
  currency: Currency;
  /** the hosted pay page for what is outstanding; null when nothing is (a paid order) */
  payUrl: string | null;
  /** the order status page (GET /orders/{token}) */
  statusUrl: string;
  /** where the pay page sends the shopper back after paying (the `returnUrl` sent), or null */
  returnUrl: string | null;
  /** for a storefront that embeds the provider's own card element (Stripe): what it needs; null otherwise */
  paymentElement: { provider: string; publishableKey: string; clientSecret: string; returnUrl: string } | null;
  /** false when the cart had been checked out before and this answers its order again */
  placed: boolean;
}

function systemCtx(rc: RequestContext, tenant: Tenant): StoreContext {
  return {
    requestId: rc.requestId,
    now: rc.now,
    actor: { type: 'system', id: 'checkout-holds', label: 'checkout hold expiry', userId: null },
    credential: 'api_key',
    tenant,
    role: 'staff',
    permissions: new Set(),
  };
}

/**
 * Checkout (docs/checkout.md, decision 0033): a shopper's cart becomes a pending `storefront` order holding its
 * stock for 15 minutes, with a pay page link for it. The stock hold is the order's own stock take (allocation, decision
 * 0030): paying keeps it, an expired hold cancels the order through the lifecycle, which gives it back.
 */
export function createCheckoutService(deps: {
  repos: Transactional<CheckoutServiceRepos>;
  carts: Pick<CartService, 'openWithLinesIn' | 'priceIn'>;
  orders: Pick<OrderService, 'placeIn' | 'cancelExpiredHold'>;
  /** The provider's browser element for a link (Stripe); absent or null: the pay page takes the card. */
  paymentElement?: Pick<ProviderPaymentService, 'elementFor'> | undefined;
  /** Where reads of shoppers' emails are noted for the audit log. */
  reads?: PersonalDataReads | undefined;
  /** Releases what a provider holds for a cancelled order, after the commit. */
  releaseAuthorizations?: ((ctx: StoreContext, orderId: string) => Promise<void>) | undefined;
  /** `checkout.completed`, in the payment's transaction. */
  events: Pick<EventPublisher, 'publish'>;
  /** The confirmation mail's subject (the mail templates). */
  render: RenderEmail;
  /** Wakes the mail sender after a commit that queued mail. */
  notifyMail?: (() => void) | undefined;
  baseUrl: string;
}) {
  const { repos, carts, orders } = deps;
  const base = deps.baseUrl.replace(/\/+$/, '');
  const statusUrl = (token: string) => `${base}/orders/${token}`;

  /** The customer of this email in the store and mode, made if new (the guest checkout); a banned one is refused. */
  async function guestCustomer(repos: CheckoutServiceRepos, ctx: StoreContext, email: string, name: string): Promise<Customer> {
    const normalized = email.trim().toLowerCase();
    const fresh: Customer = {
      id: newId('cus', ctx.now),
      name,
      email: email.trim(),
      phone: null,
      addresses: [],
      bannedAt: null,
      banReason: null,
      banExpiresAt: null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
    // Found or made in one statement; two checkouts with one email at once: one inserts, the other finds it.
    const customer = await repos.customers.findOrInsertByEmail(ctx.tenant, fresh, { name: foldForSearch(name), email: normalized });
    if (customer.id === fresh.id) {
      await recordAudit(repos, ctx, { action: 'customer.create', targetType: 'customer', targetId: fresh.id, details: { via: 'checkout' } });
      return fresh;
    }
    if (isBanned(customer, ctx.now)) {
      throw new AppError('CUSTOMER_BANNED', 'This store cannot take an order from this email address. Contact the store.', { details: [{ path: 'email', rule: 'belongs to a customer the store does not sell to' }] });
    }
    return customer;
  }

  /** A new status page token for the order (256 random bits; only its hash is kept). */
  async function newStatusUrl(repos: CheckoutServiceRepos, ctx: StoreContext, orderId: string): Promise<string> {
    const token = newSecret(ORDER_STATUS_TOKEN_PREFIX);
    await repos.orders.insertStatusToken(ctx.tenant, orderId, hashSecret(token), ctx.now);
    return statusUrl(token);
  }

  return {
    /**
     * Checks the cart out: in one transaction, the cart locked, priced, refused with its problems (409 CART_NOT_READY
     * naming each) or what is missing (422 naming email, shippingAddress, deliveryOptionId, lines), the customer found
     * or made by email (banned: 409 CUSTOMER_BANNED), the pending order placed with channel `storefront` and its stock
     * held, the cart marked with it, a pay link for it. A second checkout of the same cart answers the same order.
     */
    async checkout(ctx: StoreContext, cartId: string, token: string | undefined, input: { returnUrl?: string | undefined }): Promise<CheckoutResult> {
      requireShopper(ctx);
      const { tenant } = ctx;
      const currency = await storeCurrency(repos, ctx);
      let returnUrl: string | null = null;
      if (input.returnUrl !== undefined) {
        const { allowedOrigins } = await readSettings(repos, tenant);
        let origin: string | null = null;
        try {
          origin = new URL(input.returnUrl).origin;
        } catch {
          origin = null;
        }
        if (origin === null || !allowedOrigins.includes(origin)) {
          throw invalid([{ path: 'returnUrl', rule: `must be on one of the store's allowedOrigins in ${tenant.mode} mode (GET /v1/settings): ${allowedOrigins.length ? allowedOrigins.join(', ') : 'none set'}` }]);
        }
        returnUrl = input.returnUrl;
      }
      const done = await repos.transaction(async (repos) => {
        const { cart, lines } = await carts.openWithLinesIn(repos, ctx, cartId, token);
        if (cart.orderId !== null) {
          const order = await repos.orders.findOrder(tenant, cart.orderId);
          if (order && order.status !== 'cancelled') {
            const [link] = await repos.payments.listLinks(tenant, { status: 'active', orderId: order.id }, { limit: 1 }, ctx.now);
            const again = { returnUrl: await repos.orders.returnUrlOf(tenant, order.id), statusUrl: await newStatusUrl(repos, ctx, order.id) };
            return { order: await repos.orders.detail(tenant, order), link: link ?? null, ...again, placed: false };
          }
        }
        const { cart: priced, skus, deliveryAndTax } = await carts.priceIn(repos, ctx, cart, currency, lines);
        if (priced.problems.length > 0) {
          throw new AppError('CART_NOT_READY', `The cart cannot be checked out: ${priced.problems.map((p) => p.message).join(' ')}`, {
            details: priced.problems.map((p) => ({ path: p.path, rule: p.message })),
          });
        }
        const missing: ErrorDetail[] = [];
        if (priced.lines.length === 0) missing.push({ path: 'lines', rule: 'must have at least one line (POST /v1/carts/{cartId}/lines)' });
        if (cart.email === null) missing.push({ path: 'email', rule: 'is required to check out (PATCH /v1/carts/{cartId})' });
        if (cart.shippingAddress === null) missing.push({ path: 'shippingAddress', rule: 'is required to check out (PATCH /v1/carts/{cartId})' });
        if (cart.deliveryOptionId === null && (await repos.delivery.allZones(tenant)).length > 0) {
          missing.push({ path: 'deliveryOptionId', rule: 'is required to check out: choose one of GET /v1/delivery/quote for the shipping address' });
        }
        if (missing.length > 0) throw invalid(missing);
        const customer = await guestCustomer(repos, ctx, cart.email!, cart.shippingAddress?.name?.trim() || cart.email!.split('@')[0]!);
        const { order } = await orders.placeIn(
          repos,
          ctx,
          {
            customerId: customer.id,
            lines: priced.lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity })),
            deliveryOptionId: cart.deliveryOptionId ?? undefined,
            promotionCode: cart.promotionCode ?? undefined,
            shippingAddress: cart.shippingAddress ?? undefined,
            billingAddress: cart.billingAddress ?? undefined,
          },
          currency,
          {
            channel: 'storefront',
            holdExpiresAt: new Date(ctx.now.getTime() + CHECKOUT_HOLD_MS),
            returnUrl,
            // Priced once: the order takes the cart's pricing of these lines (same rules, same transaction).
            customer,
            priced: { skus, lineIds: priced.lines.map((l) => l.id), discountMinor: priced.discountMinor, deliveryAndTax },
          },
        );
        await repos.carts.setOrder(tenant, cart.id, order.id, ctx.now);
        const open = outstandingMinor(order, 0);
        const link = open > 0 ? await insertCheckoutLink(repos, ctx, { id: order.id, number: order.number, currency: order.currency, amountMinor: open }) : null;
        return { order, link, returnUrl, statusUrl: await newStatusUrl(repos, ctx, order.id), placed: true };
      });
      const payUrl = done.link ? `${base}/pay/${done.link.token}` : null;
      // Stripe's Payment Element needs the attempt's client secret: made at the provider after the commit.
      const paymentElement = done.link && deps.paymentElement ? await deps.paymentElement.elementFor(ctx, done.link.token, { tenant: ctx.tenant, link: done.link }) : null;
      return { order: done.order, currency, payUrl, statusUrl: done.statusUrl, returnUrl: done.returnUrl, paymentElement, placed: done.placed };
    },

    /**
     * A storefront order was just paid (the order service calls this in the payment's transaction): the shopper's
     * confirmation mail is queued (its status page link minted when it is sent, docs/email.md) and
     * `checkout.completed` published. Once per order: the move to paid happens once, and the mail's cause is the order.
     */
    async completeIn(repos: OrderServiceRepos, ctx: StoreContext, order: OrderDetail): Promise<void> {
      const { tenant, now } = ctx;
      const currency = currencyOf(order.currency);
      const to = await repos.orders.confirmationTo(tenant, order.customerId);
      if (to.email !== undefined) {
        const items = order.lines.map((l) => `${l.quantity} × ${[l.productName, ...Object.values(l.attributes)].join(' · ')}`).join(', ');
        const params = {
          storeName: to.storeName ?? 'The store',
          mode: tenant.mode,
          orderId: order.id,
          orderNumber: order.number,
          total: `${fromMinor(order.totalMinor, currency).toFixed(currency.digits)} ${currency.code}`,
          items: items.length > 500 ? `${items.slice(0, 497)}…` : items,
        };
        await repos.email.insertMessages([
          { id: newId('eml', now), storeId: tenant.storeId, mode: tenant.mode, kind: 'order_confirmation', cause: `order_confirmation:${order.id}`, to: to.email, subject: deps.render('order_confirmation', params).subject, params, createdAt: now },
        ]);
        if (deps.notifyMail) repos.email.afterCommit(deps.notifyMail);
      }
      await deps.events.publish(repos, tenant, now, (): DomainEvent[] => [{ type: 'checkout.completed', order, currency }]);
    },

    /**
     * Abandoned checkouts, newest first (docs/checkout.md): carts with an email and lines left unchanged for an hour
     * and not checked out, and storefront orders cancelled because their hold ended unpaid. They name the shopper's
     * email, so they need customers:read besides orders:read.
     */
    async abandoned(ctx: StoreContext, query: { limit: number; cursor?: string | undefined }): Promise<{ items: AbandonedCheckout[]; nextCursor: string | null; currency: Currency }> {
      requirePermission(ctx, 'orders:read');
      requirePermission(ctx, 'customers:read');
      const after = query.cursor === undefined ? undefined : abandonedCursor.decode(query.cursor);
      const rows = await repos.carts.abandoned(ctx.tenant, {
        idleBefore: new Date(ctx.now.getTime() - ABANDONED_AFTER_MS),
        now: ctx.now,
        limit: query.limit + 1,
        after: after && { at: new Date(after[0]), id: after[1] },
      });
      const page = pageOf(rows, query.limit, (last) => abandonedCursor.encode([last.at.toISOString(), last.cartId ?? last.orderId!]));
      deps.reads?.note(ctx, 'customers', page.items.length);
      return { ...page, currency: await storeCurrency(repos, ctx) };
    },

    /**
     * The order status page's view of a token (`ost_…`, 256 random bits, found by its SHA-256), or undefined for any
     * token that opens nothing: an unknown token and a malformed one look alike.
     */
    async statusPage(token: string): Promise<OrderStatusView | undefined> {
      if (!/^ost_[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      const found = await repos.orders.findByStatusTokenAcrossStores(hashSecret(token));
      if (!found) return undefined;
      const { tenant, order } = found;
      const [detail, store, links, returnUrl, shipments] = await Promise.all([
        repos.orders.detail(tenant, order),
        repos.stores.findStore(tenant.storeId),
        order.status === 'pending' ? repos.payments.listLinks(tenant, { status: 'active', orderId: order.id }, { limit: 1 }, new Date()) : Promise.resolve([]),
        repos.orders.returnUrlOf(tenant, order.id),
        repos.orders.shipmentsForStatusPage(tenant, order.id),
      ]);
      return { tenant, storeName: store?.name ?? 'The store', order: detail, payUrl: links[0] ? `${base}/pay/${links[0].token}` : null, returnUrl, shipments };
    },

    /**
     * The cleanup's pass over checkout holds (kind `checkout-holds`): each pending storefront order whose hold ended is
     * cancelled through the order lifecycle (the stock comes back; history says why), its pay links cancelled and its
     * cart freed to be checked out again, one order per transaction under the order's row lock. Returns how many.
     */
    async expireHolds(rc: RequestContext, limit = 100): Promise<number> {
      const due = await repos.orders.expiredHoldsAcrossStores(rc.now, limit);
      let cancelled = 0;
      for (const { tenant, orderId } of due) {
        const ctx = systemCtx(rc, tenant);
        const moved = await repos.transaction(async (repos) => {
          // The order's links are locked before the order, in the order a payment completing takes them (its link,
          // then its order), so the two wait for each other instead of deadlocking.
          const links = await repos.payments.listLinks(tenant, { status: 'active', orderId }, { limit: 20 }, ctx.now);
          for (const link of links) await repos.payments.lockLink(tenant, link.id);
          const result = await orders.cancelExpiredHold(repos, ctx, orderId);
          if (!result) return null;
          for (const link of links) await repos.payments.closeActiveLink(tenant, link.id, 'cancelled', ctx.now);
          await repos.carts.releaseOrder(tenant, orderId);
          return result;
        });
        if (!moved) continue;
        cancelled++;
        if (moved.releases && deps.releaseAuthorizations) await deps.releaseAuthorizations(ctx, orderId);
      }
      return cancelled;
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
