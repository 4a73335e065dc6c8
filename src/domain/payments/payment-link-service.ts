import { randomBytes } from 'node:crypto';
import type { StoreContext } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { StoreRepo } from '../accounts/ports.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { SettingsRepo } from '../settings/ports.ts';
import type { PaymentRepo } from './ports.ts';
import { rehearse, type Transactional } from '../shared/transactional.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { invalid } from '../shared/validation.ts';
import { type Currency, currencyOf, fromMinor, storeCurrency, toMinor } from '../shared/money.ts';
import { newId } from '../shared/ids.ts';
import { anyIdCursor, pageOf } from '../shared/pagination.ts';
import { type CaptureMethod, effectiveLinkStatus, MAX_LINK_LIFETIME_DAYS, type PaymentLinkStatus, type PaymentMethod } from './payment-rules.ts';
import { outstandingMinor, type PaymentResult, recordPayment } from './payment-service.ts';
import type { PaymentLink } from './types.ts';

/** The repositories payment-link-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface PaymentLinkServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  payments: Pick<PaymentRepo, 'addPaid' | 'addRefunded' | 'closeActiveLink' | 'findLink' | 'findOrder' | 'insertLink' | 'insertPayment' | 'listLinks' | 'lockOrder' | 'methodTotals' | 'pendingPaidMinor'>;
  settings: Pick<SettingsRepo, 'find'>;
  stores: Pick<StoreRepo, 'findStore'>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A payment link as read at an instant: its effective status and the customer's URL. */
export interface PaymentLinkView extends Omit<PaymentLink, 'status'> {
  status: PaymentLinkStatus;
  url: string;
}

export interface PaymentLinkInput {
  /** a decimal in the store currency (or the order currency with orderId); with orderId: at most what is outstanding */
  amount?: number | undefined;
  /** an order of the store; without amount, the link asks for everything outstanding */
  orderId?: string | undefined;
  description?: string | null | undefined;
  expiresAt?: Date | null | undefined;
  /** `automatic` (default): a card payment is captured at once; `manual`: authorized, captured by the merchant later */
  captureMethod?: CaptureMethod | undefined;
}

function linkNotFound(id: string): AppError {
  return new AppError('PAYMENT_LINK_NOT_FOUND', `No payment link "${id}" in this store. List them with GET /v1/payment-links.`);
}

/** An unguessable token: 256 random bits, base64url (43 characters). */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Payment links: a URL the merchant sends a customer to collect an amount, or what is outstanding on an order.
 * Links are created `active`; an active link past its expiry reads as `expired` (computed on read); cancel moves an
 * active link to `cancelled`; `completePaymentLink` (the future public pay page) moves it to `paid`.
 */
export function createPaymentLinkService(deps: { repos: Transactional<PaymentLinkServiceRepos>; baseUrl: string }) {
  const { repos } = deps;
  const base = deps.baseUrl.replace(/\/+$/, '');

  function view(link: PaymentLink, now: Date): PaymentLinkView {
    return { ...link, status: effectiveLinkStatus(link, now), url: `${base}/pay/${link.token}` };
  }

  async function requireLink(repos: PaymentLinkServiceRepos, ctx: StoreContext, id: string): Promise<PaymentLink> {
    const link = await repos.payments.findLink(ctx.tenant, id);
    if (!link) throw linkNotFound(id);
    return link;
  }

  async function cancelIn(repos: PaymentLinkServiceRepos, ctx: StoreContext, id: string): Promise<PaymentLinkView> {
    const link = await requireLink(repos, ctx, id);
    if (!(await repos.payments.closeActiveLink(ctx.tenant, id, 'cancelled', ctx.now))) throw notActive(link, ctx.now, 'cancelled');
    await recordAudit(repos, ctx, { action: 'payment_link.cancel', targetType: 'payment_link', targetId: id });
    return view({ ...link, status: 'cancelled', updatedAt: ctx.now }, ctx.now);
  }

  return {
    async list(
      ctx: StoreContext,
      query: { limit: number; cursor?: string | undefined; status?: PaymentLinkStatus | undefined; orderId?: string | undefined },
    ): Promise<{ items: PaymentLinkView[]; nextCursor: string | null }> {
      requirePermission(ctx, 'payments:read');
      const before = query.cursor === undefined ? undefined : anyIdCursor.decode(query.cursor);
      const rows = await repos.payments.listLinks(ctx.tenant, { status: query.status, orderId: query.orderId }, { limit: query.limit, before }, ctx.now);
      const page = pageOf(rows, query.limit, (last) => anyIdCursor.encode(last.id));
      return { items: page.items.map((l) => view(l, ctx.now)), nextCursor: page.nextCursor };
    },

    async get(ctx: StoreContext, id: string): Promise<PaymentLinkView> {
      requirePermission(ctx, 'payments:read');
      return view(await requireLink(repos, ctx, id), ctx.now);
    },

    async create(ctx: StoreContext, input: PaymentLinkInput): Promise<PaymentLinkView> {
      requirePermission(ctx, 'payments:write');
      // A link for an order shows its lines to whoever holds the link: directing data is reading it (docs/security.md).
      if (input.orderId !== undefined) requirePermission(ctx, 'orders:read');
      const { tenant } = ctx;
      const details: ErrorDetail[] = [];
      if (input.amount === undefined && input.orderId === undefined) details.push({ path: 'amount', rule: 'is required unless orderId is sent (the link then asks for what is outstanding on the order)' });
      if (input.expiresAt) {
        if (input.expiresAt.getTime() <= ctx.now.getTime()) details.push({ path: 'expiresAt', rule: 'must be in the future' });
        else if (input.expiresAt.getTime() > ctx.now.getTime() + MAX_LINK_LIFETIME_DAYS * DAY_MS) details.push({ path: 'expiresAt', rule: `must be at most ${MAX_LINK_LIFETIME_DAYS} days ahead` });
      }
      if (details.length > 0) throw invalid(details);
      return repos.transaction(async (repos) => {
        let currency: Currency;
        let amountMinor: number | null = null;
        let description = input.description ?? null;
        if (input.orderId !== undefined) {
          const order = await repos.payments.findOrder(tenant, input.orderId);
          if (!order) throw invalid([{ path: 'orderId', rule: 'must be an order of this store, from GET /v1/orders' }]);
          if (order.status === 'cancelled') throw invalid([{ path: 'orderId', rule: 'must not be a cancelled order' }]);
          currency = currencyOf(order.currency);
          const open = outstandingMinor(order, await repos.payments.pendingPaidMinor(tenant, order.id));
          if (open === 0) throw invalid([{ path: 'orderId', rule: `must be an order with an amount outstanding (order ${order.number} is paid)` }]);
          amountMinor = open;
          if (input.amount !== undefined) {
            amountMinor = toMinor(input.amount, currency);
            if (amountMinor === null) throw invalid([{ path: 'amount', rule: `must have at most ${currency.digits} decimal places (${currency.code})` }]);
            if (amountMinor > open) throw invalid([{ path: 'amount', rule: `must be at most the ${fromMinor(open, currency)} ${currency.code} outstanding on order ${order.number}` }]);
          }
          description ??= `Order ${order.number}`;
        } else {
          currency = await storeCurrency(repos, ctx);
          amountMinor = toMinor(input.amount!, currency);
          if (amountMinor === null) throw invalid([{ path: 'amount', rule: `must have at most ${currency.digits} decimal places (${currency.code})` }]);
        }
        if (amountMinor <= 0) throw invalid([{ path: 'amount', rule: 'must be greater than 0' }]);
        const link: PaymentLink = {
          id: newId('plink', ctx.now),
          orderId: input.orderId ?? null,
          amountMinor,
          currency: currency.code,
          description,
          expiresAt: input.expiresAt ?? null,
          status: 'active',
          token: newToken(),
          captureMethod: input.captureMethod ?? 'automatic',
          createdAt: ctx.now,
          updatedAt: ctx.now,
        };
        await repos.payments.insertLink(tenant, link);
        await recordAudit(repos, ctx, {
          action: 'payment_link.create',
          targetType: 'payment_link',
          targetId: link.id,
          details: { orderId: link.orderId, amountMinor, currency: link.currency, expiresAt: link.expiresAt?.toISOString() ?? null },
        });
        return view(link, ctx.now);
      });
    },

    /** Cancels an active link; a paid, expired or cancelled one is refused with 409 PAYMENT_LINK_NOT_ACTIVE. */
    async cancel(ctx: StoreContext, id: string): Promise<PaymentLinkView> {
      requirePermission(ctx, 'payments:write');
      return repos.transaction((repos) => cancelIn(repos, ctx, id));
    },

    /** Refuses as `cancel` would, changing nothing (rehearsed and rolled back). */
    async checkCancel(ctx: StoreContext, id: string): Promise<void> {
      requirePermission(ctx, 'payments:write');
      await rehearse(repos, (repos) => cancelIn(repos, ctx, id));
    },
  };
}

function notActive(link: PaymentLink, now: Date, verb: string): AppError {
  const status = effectiveLinkStatus(link, now);
  return new AppError('PAYMENT_LINK_NOT_ACTIVE', `Payment link ${link.id} is ${status}; only an active link can be ${verb}.`, {
    details: [{ path: 'status', rule: `is ${status}; must be active` }],
  });
}

/**
 * Marks an active payment link paid, in the caller's transaction, and — when the link is for an order — records the
 * succeeded payment on the order (`recordPayment`). For the public pay page and payment-provider callbacks, which
 * are not built yet; checks no permission. A link that is not active at `ctx.now` → 409 PAYMENT_LINK_NOT_ACTIVE.
 */
export async function completePaymentLink(
  repos: PaymentLinkServiceRepos,
  ctx: StoreContext,
  input: { linkId: string; method: PaymentMethod; reference?: string | null },
): Promise<{ link: PaymentLink; payment: PaymentResult | null }> {
  const { tenant } = ctx;
  const link = await repos.payments.findLink(tenant, input.linkId);
  if (!link) throw linkNotFound(input.linkId);
  if (!(await repos.payments.closeActiveLink(tenant, link.id, 'paid', ctx.now))) throw notActive(link, ctx.now, 'paid');
  const payment =
    link.orderId === null
      ? null
      : await recordPayment(repos, ctx, { orderId: link.orderId, kind: 'payment', method: input.method, amountMinor: link.amountMinor, reference: input.reference ?? `payment link ${link.id}` });
  await recordAudit(repos, ctx, { action: 'payment_link.pay', targetType: 'payment_link', targetId: link.id, details: { method: input.method, paymentId: payment?.payment.id ?? null } });
  return { link: { ...link, status: 'paid', updatedAt: ctx.now }, payment };
}

/**
 * A storefront checkout's link (docs/checkout.md), in the caller's transaction, checking no permission: what is
 * outstanding on the order just placed, captured at once, with no end of its own (the order's stock hold ends it: an
 * order cancelled when its hold expired has its links cancelled). Its token is 256 random bits, as every link's.
 */
export async function insertCheckoutLink(
  repos: { payments: Pick<PaymentRepo, 'insertLink'> },
  ctx: StoreContext,
  order: { id: string; number: string; currency: string; amountMinor: number },
): Promise<PaymentLink> {
  const link: PaymentLink = {
    id: newId('plink', ctx.now),
    orderId: order.id,
    amountMinor: order.amountMinor,
    currency: order.currency,
    description: `Order ${order.number}`,
    expiresAt: null,
    status: 'active',
    token: newToken(),
    captureMethod: 'automatic',
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await repos.payments.insertLink(ctx.tenant, link);
  return link;
}

export type PaymentLinkService = ReturnType<typeof createPaymentLinkService>;
