import { z } from 'zod';
import { PromotionBody, PromotionPatchBody } from '../../domain/promotions/promotion-schemas.ts';
import { pagination } from '../../wire/page.ts';
import { PromotionRecord, promotionInput, toPromotionRecord } from '../../wire/promotions.ts';
import { Confirm } from '../confirm.ts';
import { CREATE, DESTROY, DeletedOutput, defineTool, Id, listOutput, PageInput, READ, UPDATE } from '../tool.ts';

const area = 'promotions' as const;

/** Discount codes: the same service as /v1/promotions. */
export const promotionTools = [
  defineTool({
    name: 'list_promotions',
    area,
    title: 'List discount codes',
    description: 'The store’s discount codes (percentage or fixed), with their validity window, limits and how often they were used. Paginated.',
    permission: 'promotions:read',
    does: READ,
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
    does: CREATE,
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
    does: UPDATE,
    input: z.strictObject({ promotionId: Id, ...PromotionPatchBody.shape }),
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
    does: DESTROY,
    confirm: (a) => `delete discount code ${a.promotionId}; customers can no longer use it`,
    precheck: async (s, ctx, a) => void (await s.promotions.get(ctx, a.promotionId)),
    input: z.strictObject({ promotionId: Id, confirm: Confirm }),
    output: DeletedOutput,
    async run(s, ctx, args) {
      await s.promotions.remove(ctx, args.promotionId);
      return { summary: `Discount code ${args.promotionId} deleted`, data: { id: args.promotionId, deleted: true as const } };
    },
  }),
];
