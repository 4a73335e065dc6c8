import { z } from 'zod';
import { PromoAdCreateBody, PromoAdListFilters, PromoAdPatchBody, PublishedQuery } from '../../domain/promo-ads/promo-ad-schemas.ts';
import { pagination } from '../../wire/page.ts';
import { PromoAdRecord, toPromoAdRecord } from '../../wire/promo-ads.ts';
import { Confirm } from '../confirm.ts';
import { CREATE, DESTROY, DeletedOutput, defineTool, Id, listOutput, PageInput, READ, UPDATE } from '../tool.ts';

/** Promo ads are listed under the promotions area (their permissions are promotions:read and promotions:write). */
const area = 'promotions' as const;

/** Promo ads (banners and announcements): the same service as /v1/promo-ads. */
export const promoAdTools = [
  defineTool({
    name: 'list_promo_ads',
    area,
    title: 'List promo ads',
    description: 'The store’s promotional banners and announcements, newest first, with whether each is live now. Filters: status (draft|published), placement. Paginated.',
    permission: 'promotions:read',
    does: READ,
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
    does: READ,
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
    does: CREATE,
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
    does: UPDATE,
    input: z.strictObject({ adId: Id, ...PromoAdPatchBody.shape }),
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
    does: DESTROY,
    confirm: (a) => `delete promo ad ${a.adId}`,
    precheck: async (s, ctx, a) => void (await s.promoAds.get(ctx, a.adId)),
    input: z.strictObject({ adId: Id, confirm: Confirm }),
    output: DeletedOutput,
    async run(s, ctx, args) {
      await s.promoAds.remove(ctx, args.adId);
      return { summary: `Promo ad ${args.adId} deleted`, data: { id: args.adId, deleted: true as const } };
    },
  }),
];
