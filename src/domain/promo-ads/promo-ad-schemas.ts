import { z } from 'zod';
import { Instant } from '../shared/instants.ts';
import { isHttpUrl } from './promo-ad-rules.ts';
import { PROMO_AD_LIMITS as L, PROMO_AD_STATUSES } from './promo-ad-types.ts';

/** Input shapes of promo ads, shared by the REST routes and the MCP tools. */

const OptionalText = (max: number) =>
  z.string({ error: 'must be a string or null' }).trim().min(1, 'must not be empty; send null or leave it out').max(max, `must be at most ${max} characters`).nullable().optional();

export const Placement = z
  .string({ error: 'must be a string' })
  .trim()
  .max(L.placementLength, `must be at most ${L.placementLength} characters`)
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'must be lower-case letters and digits separated by - or _, e.g. home-hero');

const Status = z.enum(PROMO_AD_STATUSES, { error: 'must be draft or published' });

export const PromoAdCreateBody = z.strictObject({
  title: z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(L.titleLength, `must be at most ${L.titleLength} characters`),
  body: OptionalText(L.bodyLength),
  imageFileId: z.string({ error: 'must be a string or null' }).trim().min(1, 'must not be empty; send null or leave it out').max(40, 'must be a file id').nullable().optional().describe('an image uploaded to this store with POST /v1/files'),
  linkUrl: z
    .string({ error: 'must be a string or null' })
    .trim()
    .max(L.linkUrlLength, `must be at most ${L.linkUrlLength} characters`)
    .refine(isHttpUrl, 'must be an absolute http or https URL, e.g. https://shop.example/sale')
    .nullable()
    .optional(),
  placement: Placement.nullable().optional().describe('where the storefront shows it, e.g. home-hero; null: anywhere'),
  startsAt: Instant.describe('when it goes live (once published)'),
  endsAt: Instant.nullable().optional().describe('when it stops being live; after startsAt; null: no end'),
  status: Status.optional().describe('default draft; only published ads go live'),
});

/** Only the sent fields change. */
export const PromoAdPatchBody = PromoAdCreateBody.partial();

/** The filters of the promo-ad list (its page, limit and cursor, is the wire's: src/wire/promo-ads.ts). */
export const PromoAdListFilters = {
  status: Status.optional(),
  placement: Placement.optional(),
};

export const PublishedQuery = z.object({ placement: Placement.optional() });
