import { z } from 'zod';
import { PromotionBody, PromotionPatchBody } from '../../domain/promotions/promotion-schemas.ts';
import { PromoAdCreateBody, PromoAdListFilters, PromoAdPatchBody, PublishedQuery } from '../../domain/promo-ads/promo-ad-schemas.ts';
import { PromotionRecord, promotionInput, toPromotionRecord } from '../../wire/promotions.ts';
import { PromoAdRecord, toPromoAdRecord } from '../../wire/promo-ads.ts';
import { Confirm } from '../confirm.ts';
import { CREATE, DeletedOutput, DESTROY, defineTool, Id, listOutput, PageInput, READ, UPDATE } from '../tool.ts';
import { pagination } from '../../wire/page.ts';

const area = 'promotions' as const;

/** Discount codes and promo ads: the same services as /v1/promotions and /v1/promo-ads. */
export const promotionTools = [
  defineTool({
    name: 'list_promotions',
    area,
    title: 'List discount codes',
    description: 'The store’s discount codes (percentage or fixed), with their validity window, limits and how often they were used. Paginated.',
    permission: 'promotions:read',
    hints: READ,
    input: z.strictObject({ ...PageInput }),
    output: listOutput(PromotionRecord),
    async run(s, ctx, args) {
      const page = await s.promotions.list(ctx, args);
      return { summary: `${page.items.length} discount code(s)`, data: { items: page.items.map((p) => toPromotionRecord(p, page.currency)), pagination: pagination(args.limit, page.nextCursor) } };
    },
  }),
  defineTool({
    name: 'create_promotion',
    area,
    title: 'Create a discount code',
    description:
      'Creates a discount code customers enter at checkout: kind percentage (value above 0, at most 100) or fixed (value in the store currency); optional minSubtotal, startsAt/endsAt (ISO 8601 with zone), usageLimit and perCustomerLimit.',
    permission: 'promotions:write',
    hints: CREATE,
    input: PromotionBody,
    output: z.object({ promotion: PromotionRecord }),
    async run(s, ctx, args) {
      const { promotion, currency } = await s.promotions.create(ctx, promotionInput(args));
      return { summary: `Discount code ${promotion.code} created (${promotion.id})`, data: { promotion: toPromotionRecord(promotion, currency) } };
    },
  }),
  defineTool({
    name: 'update_promotion',
    area,
    title: 'Change a discount code',
    description: 'Changes only the fields sent; active: false switches the code off without deleting it.',
    permission: 'promotions:write',
    hints: UPDATE,
    input: z.strictObject({ promotionId: Id('promotion'), ...PromotionPatchBody.shape }),
    output: z.object({ promotion: PromotionRecord }),
    async run(s, ctx, { promotionId, ...patch }) {
      const { promotion, currency } = await s.promotions.update(ctx, promotionId, promotionInput(patch));
      return { summary: `Discount code ${promotion.code} updated`, data: { promotion: toPromotionRecord(promotion, currency) } };
    },
  }),
  defineTool({
    name: 'delete_promotion',
    area,
    title: 'Delete a discount code',
    description: 'Deletes a discount code; customers can no longer use it. Irreversible (to pause a code, set active: false with update_promotion): needs confirm: true.',
    permission: 'promotions:write',
    hints: DESTROY,
    confirm: (a) => `delete discount code ${a.promotionId}; customers can no longer use it`,
    input: z.strictObject({ promotionId: Id('promotion'), confirm: Confirm }),
    output: DeletedOutput,
    async run(s, ctx, args) {
      await s.promotions.remove(ctx, args.promotionId);
      return { summary: `Discount code ${args.promotionId} deleted`, data: { id: args.promotionId, deleted: true as const } };
    },
  }),
  defineTool({
    name: 'list_promo_ads',
    area,
    title: 'List promo ads',
    description: 'The store’s promotional banners and announcements, newest first, with whether each is live now. Filters: status (draft|published), placement. Paginated.',
    permission: 'promotions:read',
    hints: READ,
    input: z.strictObject({ ...PageInput, ...PromoAdListFilters }),
    output: listOutput(PromoAdRecord),
    async run(s, ctx, args) {
      const page = await s.promoAds.list(ctx, args);
      return { summary: `${page.items.length} promo ad(s)`, data: { items: page.items.map((ad) => toPromoAdRecord(ad, ctx.now)), pagination: pagination(args.limit, page.nextCursor) } };
    },
  }),
  defineTool({
    name: 'list_live_promo_ads',
    area,
    title: 'Promo ads live now',
    description: 'The published promo ads live right now (started, not ended), latest start first, at most 100; with placement, those for that placement and those for any placement.',
    permission: 'promotions:read',
    hints: READ,
    input: PublishedQuery.strict(),
    output: z.object({ items: z.array(PromoAdRecord) }),
    async run(s, ctx, args) {
      const ads = await s.promoAds.listPublished(ctx, args);
      return { summary: `${ads.length} live promo ad(s)`, data: { items: ads.map((ad) => toPromoAdRecord(ad, ctx.now)) } };
    },
  }),
  defineTool({
    name: 'create_promo_ad',
    area,
    title: 'Create a promo ad',
    description: 'Creates a banner or announcement (draft unless status published): title, optional body, imageFileId, linkUrl (absolute http(s)), placement, startsAt and optional endsAt (after startsAt).',
    permission: 'promotions:write',
    hints: CREATE,
    input: PromoAdCreateBody,
    output: z.object({ promoAd: PromoAdRecord }),
    async run(s, ctx, args) {
      const ad = await s.promoAds.create(ctx, args);
      return { summary: `Promo ad ${ad.title} created (${ad.id})`, data: { promoAd: toPromoAdRecord(ad, ctx.now) } };
    },
  }),
  defineTool({
    name: 'update_promo_ad',
    area,
    title: 'Change a promo ad',
    description: 'Changes only the fields sent; null clears an optional field; status published puts it live from startsAt.',
    permission: 'promotions:write',
    hints: UPDATE,
    input: z.strictObject({ adId: Id('promo ad'), ...PromoAdPatchBody.shape }),
    output: z.object({ promoAd: PromoAdRecord }),
    async run(s, ctx, { adId, ...patch }) {
      const ad = await s.promoAds.update(ctx, adId, patch);
      return { summary: `Promo ad ${ad.title} updated`, data: { promoAd: toPromoAdRecord(ad, ctx.now) } };
    },
  }),
  defineTool({
    name: 'delete_promo_ad',
    area,
    title: 'Delete a promo ad',
    description: 'Deletes a promo ad (to take it down but keep it, set status draft with update_promo_ad). Irreversible: needs confirm: true.',
    permission: 'promotions:write',
    hints: DESTROY,
    confirm: (a) => `delete promo ad ${a.adId}`,
    input: z.strictObject({ adId: Id('promo ad'), confirm: Confirm }),
    output: DeletedOutput,
    async run(s, ctx, args) {
      await s.promoAds.remove(ctx, args.adId);
      return { summary: `Promo ad ${args.adId} deleted`, data: { id: args.adId, deleted: true as const } };
    },
  }),
];
