import type { StoreContext } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { PromoAdRepo } from './ports.ts';
import type { Transactional } from '../shared/transactional.ts';
import { readAs, requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import type { FileLookup } from '../files/types.ts';
import { invalid } from '../shared/validation.ts';
import { newId } from '../shared/ids.ts';
import { instant } from '../shared/instants.ts';
import { anyIdCursor, pageOf } from '../shared/pagination.ts';
import type { Precondition } from '../shared/preconditions.ts';
import { PROMO_AD_LIMITS, type PromoAd, type PromoAdQuery, type PromoAdStatus } from './promo-ad-types.ts';

/** The repositories promo-ad-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface PromoAdServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  promoAds: Pick<PromoAdRepo, 'deletePromoAd' | 'findPromoAd' | 'insertPromoAd' | 'listLive' | 'listPromoAds' | 'lockPromoAd' | 'updatePromoAd'>;
}

export { isLive } from './promo-ad-rules.ts';

/** A promo ad as both doors (REST, MCP) pass it after shape validation; instants are ISO 8601 text. */
export interface PromoAdInput {
  title: string;
  body?: string | null | undefined;
  imageFileId?: string | null | undefined;
  linkUrl?: string | null | undefined;
  placement?: string | null | undefined;
  startsAt: string;
  endsAt?: string | null | undefined;
  status?: PromoAdStatus | undefined;
}

export type PromoAdPatch = Partial<PromoAdInput>;

export function promoAdNotFound(id: string): AppError {
  return new AppError('PROMO_AD_NOT_FOUND', `No promo ad "${id}" in this store. List them with GET /v1/promo-ads.`);
}

/** Banners and announcements: drafts and published ads with a live window, and the list of those live now. */
export function createPromoAdService(deps: { repos: Transactional<PromoAdServiceRepos>; files: FileLookup }) {
  const { repos, files } = deps;

  async function requireAd(repos: PromoAdServiceRepos, ctx: StoreContext, id: string): Promise<PromoAd> {
    const ad = await repos.promoAds.findPromoAd(ctx.tenant, id);
    if (!ad) throw promoAdNotFound(id);
    return ad;
  }

  /** Inside a write transaction: the ad, its row locked, after the caller's precondition (If-Match) held. */
  async function lockAd(repos: PromoAdServiceRepos, ctx: StoreContext, id: string, precondition: Precondition<PromoAd> | undefined): Promise<PromoAd> {
    const ad = await repos.promoAds.lockPromoAd(ctx.tenant, id);
    if (!ad) throw promoAdNotFound(id);
    precondition?.(ad);
    return ad;
  }

  /** The image must be an image uploaded to this store (the files service answers; until uploads exist, none is). */
  async function checkImage(ctx: StoreContext, imageFileId: string | null | undefined): Promise<ErrorDetail[]> {
    if (imageFileId === undefined || imageFileId === null) return [];
    if (await files.imageExists(ctx.tenant, imageFileId)) return [];
    return [{ path: 'imageFileId', rule: 'must be an image uploaded to this store (POST /v1/files)' }];
  }

  /** The end of the live window must come after its start; names the field that was sent. */
  function checkWindow(startsAt: Date, endsAt: Date | null, sent: { startsAt: boolean; endsAt: boolean }): ErrorDetail[] {
    if (endsAt === null || endsAt.getTime() > startsAt.getTime()) return [];
    if (sent.endsAt) return [{ path: 'endsAt', rule: 'must be after startsAt' }];
    return [{ path: 'startsAt', rule: `must be before endsAt (${endsAt.toISOString()})` }];
  }

  return {
    /** A page of the store's ads, newest first, filtered by status and placement. */
    async list(ctx: StoreContext, query: PromoAdQuery): Promise<{ items: PromoAd[]; nextCursor: string | null }> {
      requirePermission(ctx, 'promotions:read');
      const before = query.cursor === undefined ? undefined : anyIdCursor.decode(query.cursor);
      const rows = await repos.promoAds.listPromoAds(ctx.tenant, query, { limit: query.limit, before });
      return pageOf(rows, query.limit, (last) => anyIdCursor.encode(last.id));
    },

    /** The ads live now (published, started, not ended), latest start first, at most 100; a shopper sees the same. */
    async listPublished(ctx: StoreContext, query: { placement?: string | undefined }): Promise<PromoAd[]> {
      readAs(ctx, 'published-promo-ads');
      return repos.promoAds.listLive(ctx.tenant, ctx.now, { placement: query.placement, limit: PROMO_AD_LIMITS.publishedMax });
    },

    async get(ctx: StoreContext, id: string): Promise<PromoAd> {
      requirePermission(ctx, 'promotions:read');
      return requireAd(repos, ctx, id);
    },

    async create(ctx: StoreContext, input: PromoAdInput): Promise<PromoAd> {
      requirePermission(ctx, 'promotions:write');
      const startsAt = instant(input.startsAt);
      const endsAt = input.endsAt ? instant(input.endsAt) : null;
      const details = [...checkWindow(startsAt, endsAt, { startsAt: true, endsAt: true }), ...(await checkImage(ctx, input.imageFileId))];
      if (details.length > 0) throw invalid(details);
      const ad: PromoAd = {
        id: newId('pad', ctx.now),
        title: input.title,
        body: input.body ?? null,
        imageFileId: input.imageFileId ?? null,
        linkUrl: input.linkUrl ?? null,
        placement: input.placement ?? null,
        startsAt,
        endsAt,
        status: input.status ?? 'draft',
        createdAt: ctx.now,
        updatedAt: ctx.now,
      };
      return repos.transaction(async (repos) => {
        await repos.promoAds.insertPromoAd(ctx.tenant, ad);
        await recordAudit(repos, ctx, { action: 'promo_ad.create', targetType: 'promo_ad', targetId: ad.id, details: { title: ad.title, status: ad.status } });
        return ad;
      });
    },

    /** Changes only the sent fields; the live window is checked against the stored start or end when one is not sent. */
    async update(ctx: StoreContext, id: string, patch: PromoAdPatch, precondition?: Precondition<PromoAd>): Promise<PromoAd> {
      requirePermission(ctx, 'promotions:write');
      const { tenant } = ctx;
      // The file lookup may read the database: do it before the transaction (SQLite has one connection).
      const imageProblems = await checkImage(ctx, patch.imageFileId);
      return repos.transaction(async (repos) => {
        const current = await lockAd(repos, ctx, id, precondition);
        const startsAt = patch.startsAt !== undefined ? instant(patch.startsAt) : current.startsAt;
        const endsAt = patch.endsAt !== undefined ? (patch.endsAt === null ? null : instant(patch.endsAt)) : current.endsAt;
        const details = [...checkWindow(startsAt, endsAt, { startsAt: patch.startsAt !== undefined, endsAt: patch.endsAt !== undefined }), ...imageProblems];
        if (details.length > 0) throw invalid(details);
        await repos.promoAds.updatePromoAd(
          tenant,
          id,
          {
            ...(patch.title !== undefined ? { title: patch.title } : {}),
            ...(patch.body !== undefined ? { body: patch.body } : {}),
            ...(patch.imageFileId !== undefined ? { imageFileId: patch.imageFileId } : {}),
            ...(patch.linkUrl !== undefined ? { linkUrl: patch.linkUrl } : {}),
            ...(patch.placement !== undefined ? { placement: patch.placement } : {}),
            ...(patch.startsAt !== undefined ? { startsAt } : {}),
            ...(patch.endsAt !== undefined ? { endsAt } : {}),
            ...(patch.status !== undefined ? { status: patch.status } : {}),
          },
          ctx.now,
        );
        await recordAudit(repos, ctx, { action: 'promo_ad.update', targetType: 'promo_ad', targetId: id, details: { fields: Object.keys(patch) } });
        return requireAd(repos, ctx, id);
      });
    },

    async remove(ctx: StoreContext, id: string, precondition?: Precondition<PromoAd>): Promise<void> {
      requirePermission(ctx, 'promotions:write');
      await repos.transaction(async (repos) => {
        const current = await lockAd(repos, ctx, id, precondition);
        await repos.promoAds.deletePromoAd(ctx.tenant, id);
        await recordAudit(repos, ctx, { action: 'promo_ad.delete', targetType: 'promo_ad', targetId: id, details: { title: current.title } });
      });
    },
  };
}

export type PromoAdService = ReturnType<typeof createPromoAdService>;
