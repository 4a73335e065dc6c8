import { z } from 'zod';
import { DELIVERY_LIMITS } from './types.ts';

/**
 * Input shapes of delivery zones and options, shared by the REST routes and (later) the MCP tools. Rules that depend
 * on stored data (reference countries and states, the currency's decimals, regions of other zones) live in the
 * service.
 */

const Name = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

export const CountryId = z
  .string({ error: 'must be a string' })
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country id from GET /v1/countries, e.g. US')
  .transform((v) => v.toUpperCase());

export const StateId = z
  .string({ error: 'must be a string' })
  .trim()
  .regex(/^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/, 'must be a state id from GET /v1/states/{countryId}, e.g. US-CA')
  .transform((v) => v.toUpperCase());

export const RegionInput = z.strictObject({
  countryId: CountryId,
  stateId: StateId.nullable().optional().describe('a state of the country; absent or null for the whole country'),
});

const Regions = z
  .array(RegionInput, { error: 'must be a list of regions' })
  .min(1, 'must contain at least one region')
  .max(DELIVERY_LIMITS.regionsPerZone, `must contain at most ${DELIVERY_LIMITS.regionsPerZone} regions`)
  .describe('countries, optionally narrowed to states; a region belongs to at most one zone of the store');

export const ZoneCreateBody = z.strictObject({ name: Name, regions: Regions });
export const ZonePatchBody = z.strictObject({ name: Name.optional(), regions: Regions.optional() });

const Money = z
  .number({ error: 'must be a number' })
  .max(DELIVERY_LIMITS.maxFee, `must be at most ${DELIVERY_LIMITS.maxFee}`);
const Days = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(DELIVERY_LIMITS.maxDays, `must be at most ${DELIVERY_LIMITS.maxDays}`);

const optionFields = {
  name: Name,
  fee: Money.min(0, 'must be 0 or more').describe('in the store currency, e.g. 4.99; 0 for free delivery'),
  freeOver: Money.gt(0, 'must be greater than 0').nullable().describe('the fee is waived when the order subtotal is at least this; null: never'),
  estimatedDaysMin: Days.nullable().describe('fewest days to deliver; null: not stated'),
  estimatedDaysMax: Days.nullable().describe('most days to deliver; at least estimatedDaysMin'),
  active: z.boolean({ error: 'must be true or false' }).describe('inactive options are kept but not offered or accepted'),
};

export const OptionCreateBody = z.strictObject({
  name: optionFields.name,
  fee: optionFields.fee,
  freeOver: optionFields.freeOver.optional(),
  estimatedDaysMin: optionFields.estimatedDaysMin.optional(),
  estimatedDaysMax: optionFields.estimatedDaysMax.optional(),
  active: optionFields.active.optional().describe('default true'),
});

export const OptionPatchBody = z.strictObject({
  name: optionFields.name.optional(),
  fee: optionFields.fee.optional(),
  freeOver: optionFields.freeOver.optional(),
  estimatedDaysMin: optionFields.estimatedDaysMin.optional(),
  estimatedDaysMax: optionFields.estimatedDaysMax.optional(),
  active: optionFields.active.optional(),
});

export const QuoteQuery = z.object({
  countryId: CountryId,
  stateId: StateId.optional(),
  subtotal: z.coerce
    .number({ error: 'must be a number' })
    .min(0, 'must be 0 or more')
    .max(DELIVERY_LIMITS.maxFee, `must be at most ${DELIVERY_LIMITS.maxFee}`)
    .default(0)
    .describe('order subtotal in the store currency, for free-over thresholds; default 0'),
});

export type ZoneCreateInput = z.output<typeof ZoneCreateBody>;
export type ZonePatchInput = z.output<typeof ZonePatchBody>;
export type OptionCreateInput = z.output<typeof OptionCreateBody>;
export type OptionPatchInput = z.output<typeof OptionPatchBody>;
