import type { StoreContext } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { PromotionRepo } from './ports.ts';
import type { StoreRepo } from '../accounts/ports.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { Transactional } from '../shared/transactional.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { isUniqueConflict } from '../shared/conflicts.ts';
import { invalid } from '../shared/validation.ts';
import { type Currency, storeCurrency, toBasisPoints, toMinor } from '../shared/money.ts';
import { newId } from '../shared/ids.ts';
import { idCursor, pageOf } from '../shared/pagination.ts';
import type { Precondition } from '../shared/preconditions.ts';
import type { Promotion, PromotionKind } from './promotion-types.ts';

/** The repositories promotion-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface PromotionServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  promotions: Pick<PromotionRepo, 'claimPromotion' | 'codeTaken' | 'deletePromotion' | 'findPromotion' | 'findPromotionByCode' | 'insertPromotion' | 'listPromotions' | 'lockPromotion' | 'redemptionsBy' | 'updatePromotion'>;
  stores: Pick<StoreRepo, 'findStore'>;
}

export interface PromotionInput {
  code: string;
  kind: PromotionKind;
  /** percent (0-100] for percentage, an amount in the store currency for fixed */
  value: number;
  minSubtotal?: number | undefined;
  startsAt?: Date | undefined;
  endsAt?: Date | null | undefined;
  usageLimit?: number | null | undefined;
  perCustomerLimit?: number | null | undefined;
  active?: boolean | undefined;
}

function notApplicable(reason: string): AppError {
  return new AppError('PROMOTION_NOT_APPLICABLE', `The promotion code cannot be used: ${reason}.`, { details: [{ path: 'promotionCode', rule: reason }] });
}

/**
 * Checks a code for an order being placed and counts its use, inside the order transaction (pass its repos). Refusals
 * name the reason (unknown, inactive, not started, ended, used up, used up for this customer, subtotal too low).
 */
async function applyPromotion(
  repos: { promotions: Pick<PromotionRepo, 'claimPromotion' | 'findPromotionByCode' | 'redemptionsBy'> },
  ctx: StoreContext,
  input: { code: string; customerId: string; subtotalMinor: number; orderId: string; currency: Currency },
): Promise<{ promotion: Promotion; discountMinor: number }> {
  const { tenant } = ctx;
  const promotion = await repos.promotions.findPromotionByCode(tenant, input.code);
  if (!promotion) throw notApplicable(`no promotion has the code "${input.code}"`);
  const refusal = promotionRefusal(promotion, ctx.now, input.subtotalMinor, input.currency);
  if (refusal !== null) throw notApplicable(refusal);
  // Counting the use locks the promotion's row until the order commits, so the per-customer count below is exact.
  if (!(await repos.promotions.claimPromotion(tenant, promotion.id, ctx.now))) throw notApplicable('it has been used as often as allowed');
  if (promotion.perCustomerLimit !== null && (await repos.promotions.redemptionsBy(ctx.tenant, promotion.id, input.customerId)) >= promotion.perCustomerLimit) {
    throw notApplicable('this customer has used it as often as allowed');
  }
  return { promotion, discountMinor: promotionDiscount(promotion, input.subtotalMinor) };
}

/**
 * Why a promotion cannot be used now on this subtotal, before its use is counted (switched off, not started, ended,
 * subtotal too low), or null. Orders (`applyPromotion`) and carts (src/domain/carts) ask the same rules.
 */
export function promotionRefusal(promotion: Promotion, now: Date, subtotalMinor: number, currency: Currency): string | null {
  if (!promotion.active) return 'it is switched off';
  if (promotion.startsAt > now) return `it starts at ${promotion.startsAt.toISOString()}`;
  if (promotion.endsAt !== null && promotion.endsAt <= now) return `it ended at ${promotion.endsAt.toISOString()}`;
  if (subtotalMinor < promotion.minSubtotalMinor) return `the subtotal must be at least ${promotion.minSubtotalMinor / 10 ** currency.digits} ${currency.code}`;
  return null;
}

/** A promotion's discount on a subtotal in minor units: a percentage rounded half up, or a fixed amount up to the subtotal. */
export function promotionDiscount(promotion: Pick<Promotion, 'kind' | 'value'>, subtotalMinor: number): number {
  return promotion.kind === 'percentage' ? Math.round((subtotalMinor * promotion.value) / 10_000) : Math.min(promotion.value, subtotalMinor);
}

/** The promotion list's cursor: the id of a page's last promotion. */
export const promotionCursor = idCursor({ prefix: 'prm', refusal: 'query' });

/** Discount codes: percentage or fixed amount, minimum subtotal, start and end, total and per-customer limits. */
export function createPromotionService(deps: { repos: Transactional<PromotionServiceRepos> }) {
  const { repos } = deps;

  function build(input: PromotionInput, currency: Currency, base: Promotion | null, ctx: StoreContext): Promotion {
    const details: ErrorDetail[] = [];
    let value = 0;
    if (input.kind === 'percentage') {
      const bp = toBasisPoints(input.value);
      if (!(input.value > 0 && input.value <= 100) || bp === null) details.push({ path: 'value', rule: 'must be a percentage above 0 and at most 100, with at most 2 decimals' });
      else value = bp;
    } else {
      const minor = toMinor(input.value, currency);
      if (!(input.value > 0) || minor === null) details.push({ path: 'value', rule: `must be an amount above 0 with at most ${currency.digits} decimal places (${currency.code})` });
      else value = minor;
    }
    let minSubtotalMinor = base?.minSubtotalMinor ?? 0;
    if (input.minSubtotal !== undefined) {
      const minor = toMinor(input.minSubtotal, currency);
      if (input.minSubtotal < 0 || minor === null) details.push({ path: 'minSubtotal', rule: `must be 0 or more with at most ${currency.digits} decimal places` });
      else minSubtotalMinor = minor;
    }
    const startsAt = input.startsAt ?? base?.startsAt ?? ctx.now;
    const endsAt = input.endsAt !== undefined ? input.endsAt : (base?.endsAt ?? null);
    if (endsAt !== null && endsAt <= startsAt) details.push({ path: 'endsAt', rule: 'must be after startsAt' });
    if (details.length > 0) throw invalid(details);
    return {
      id: base?.id ?? newId('prm', ctx.now),
      code: input.code,
      kind: input.kind,
      value,
      minSubtotalMinor,
      startsAt,
      endsAt,
      usageLimit: input.usageLimit !== undefined ? input.usageLimit : (base?.usageLimit ?? null),
      perCustomerLimit: input.perCustomerLimit !== undefined ? input.perCustomerLimit : (base?.perCustomerLimit ?? null),
      timesUsed: base?.timesUsed ?? 0,
      active: input.active ?? base?.active ?? true,
      createdAt: base?.createdAt ?? ctx.now,
      updatedAt: ctx.now,
    };
  }

  function codeTaken(code: string): AppError {
    return new AppError('PROMOTION_CODE_TAKEN', `Another promotion of this store already has the code "${code}".`, { details: [{ path: 'code', rule: 'must be unique within the store (case does not matter)' }] });
  }

  function promotionNotFound(id: string): AppError {
    return new AppError('PROMOTION_NOT_FOUND', `No promotion "${id}" in this store.`);
  }

  async function requirePromotion(repos: PromotionServiceRepos, ctx: StoreContext, id: string): Promise<Promotion> {
    const p = await repos.promotions.findPromotion(ctx.tenant, id);
    if (!p) throw promotionNotFound(id);
    return p;
  }

  /** Inside a write transaction: the promotion, its row locked (orders counting a use of it wait, and vice versa). */
  async function lockPromotion(repos: PromotionServiceRepos, ctx: StoreContext, id: string): Promise<Promotion> {
    const p = await repos.promotions.lockPromotion(ctx.tenant, id);
    if (!p) throw promotionNotFound(id);
    return p;
  }

  return {
    /** Joins the caller's transaction (pass its repos): see `applyPromotion` above. The order service's discount codes. */
    applyPromotion,

    async list(ctx: StoreContext, page: { limit: number; cursor?: string | undefined }): Promise<{ items: Promotion[]; nextCursor: string | null; currency: Currency }> {
      requirePermission(ctx, 'promotions:read');
      const after = page.cursor === undefined ? undefined : promotionCursor.decode(page.cursor);
      const rows = await repos.promotions.listPromotions(ctx.tenant, { limit: page.limit, ...(after ? { after } : {}) });
      return { ...pageOf(rows, page.limit, (last) => promotionCursor.encode(last.id)), currency: await storeCurrency(repos, ctx) };
    },

    async get(ctx: StoreContext, id: string): Promise<{ promotion: Promotion; currency: Currency }> {
      requirePermission(ctx, 'promotions:read');
      return { promotion: await requirePromotion(repos, ctx, id), currency: await storeCurrency(repos, ctx) };
    },

    async create(ctx: StoreContext, input: PromotionInput): Promise<{ promotion: Promotion; currency: Currency }> {
      requirePermission(ctx, 'promotions:write');
      const currency = await storeCurrency(repos, ctx);
      const promotion = build(input, currency, null, ctx);
      try {
        await repos.transaction(async (repos) => {
          if (await repos.promotions.codeTaken(ctx.tenant, input.code)) throw codeTaken(input.code);
          await repos.promotions.insertPromotion(ctx.tenant, promotion);
          await recordAudit(repos, ctx, { action: 'promotion.create', targetType: 'promotion', targetId: promotion.id, details: { code: promotion.code } });
        });
      } catch (error) {
        if (isUniqueConflict(error, 'promotion_code')) throw codeTaken(input.code);
        throw error;
      }
      return { promotion, currency };
    },

    /** Changes the sent fields (kind and value go together). */
    async update(ctx: StoreContext, id: string, patch: Partial<PromotionInput>, precondition?: Precondition<Promotion, Currency>): Promise<{ promotion: Promotion; currency: Currency }> {
      requirePermission(ctx, 'promotions:write');
      const currency = await storeCurrency(repos, ctx);
      try {
        return await repos.transaction(async (repos) => {
          const current = await lockPromotion(repos, ctx, id);
          precondition?.(current, currency);
          const kind = patch.kind ?? current.kind;
          const value = patch.value ?? (kind === current.kind ? (kind === 'percentage' ? current.value / 100 : current.value / 10 ** currency.digits) : undefined);
          if (value === undefined) throw invalid([{ path: 'value', rule: 'is required when the kind changes' }]);
          const next = build({ ...patch, code: patch.code ?? current.code, kind, value }, currency, current, ctx);
          if (patch.code !== undefined && (await repos.promotions.codeTaken(ctx.tenant, patch.code, id))) throw codeTaken(patch.code);
          await repos.promotions.updatePromotion(ctx.tenant, id, next, ctx.now);
          await recordAudit(repos, ctx, { action: 'promotion.update', targetType: 'promotion', targetId: id, details: { fields: Object.keys(patch) } });
          return { promotion: next, currency };
        });
      } catch (error) {
        if (isUniqueConflict(error, 'promotion_code')) throw codeTaken(patch.code ?? '');
        throw error;
      }
    },

    async remove(ctx: StoreContext, id: string, precondition?: Precondition<Promotion, Currency>): Promise<void> {
      requirePermission(ctx, 'promotions:write');
      const currency = precondition && (await storeCurrency(repos, ctx));
      await repos.transaction(async (repos) => {
        const current = await lockPromotion(repos, ctx, id);
        if (precondition) precondition(current, currency!);
        await repos.promotions.deletePromotion(ctx.tenant, id);
        await recordAudit(repos, ctx, { action: 'promotion.delete', targetType: 'promotion', targetId: id });
      });
    },
  };
}

export type PromotionService = ReturnType<typeof createPromotionService>;
