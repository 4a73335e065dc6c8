import { z } from 'zod';
import { CountryId, StateId } from '../delivery/delivery-schemas.ts';
import { TAX_LIMITS } from './types.ts';

/**
 * Input shapes of tax regions, tax classes and the tax settings, shared by the REST routes and the MCP tools. Rules
 * that depend on stored data (reference countries and states, other regions) live in the service.
 */

/** A tax class name: `standard`, `reduced`, `zero`, or one the merchant adds (lower-case letters, digits, `-`, `_`). */
const TAX_CLASS_NAME = /^[a-z][a-z0-9_-]{0,39}$/;
const TAX_CLASS_RULE = 'must be a tax class: standard, reduced, zero, or your own (lower-case letters, digits, - and _, at most 40, starting with a letter)';
// A refinement rather than a pattern: the rule is the same, and the MCP tool list (docs/mcp.md, "Tool list size")
// does not carry the pattern into every tool that takes a class.
export const TaxClass = z
  .string({ error: 'must be a string' })
  .trim()
  .max(40, TAX_CLASS_RULE)
  .refine((v) => TAX_CLASS_NAME.test(v), TAX_CLASS_RULE);

export const RateBp = z
  .number({ error: 'must be a number' })
  .int('must be a whole number of basis points (2000 = 20 %)')
  .min(0, 'must be 0 or more')
  .max(TAX_LIMITS.maxRateBp, `must be at most ${TAX_LIMITS.maxRateBp} (100 %)`);

export const Rates = z
  .record(z.string(), RateBp, { error: 'must be an object of tax class → rate in basis points' })
  .superRefine((rates, ctx) => {
    const keys = Object.keys(rates);
    if (keys.length > TAX_LIMITS.classesPerRegion) ctx.addIssue({ code: 'custom', message: `must have at most ${TAX_LIMITS.classesPerRegion} tax classes` });
    for (const key of keys) {
      if (!TAX_CLASS_NAME.test(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'must be a tax class name: lower-case letters, digits, - and _, at most 40, starting with a letter' });
      }
    }
    if (rates.standard === undefined) ctx.addIssue({ code: 'custom', path: ['standard'], message: 'is required: every region has a standard rate (other classes it does not list are taxed at it, zero at 0)' });
  })
  .describe('tax class → rate in basis points (2000 = 20 %); standard is required');

const Name = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

export const TaxRegionCreateBody = z.strictObject({
  name: Name.optional().describe('default: the state or country id'),
  countryId: CountryId,
  stateId: StateId.nullable().optional().describe('a state of the country; absent or null for the whole country'),
  rates: Rates,
});

export const TaxRegionPatchBody = z.strictObject({
  name: Name.optional(),
  countryId: CountryId.optional(),
  stateId: StateId.nullable().optional(),
  rates: Rates.optional().describe('replaces the whole table of rates'),
});

export type TaxRegionCreateInput = z.output<typeof TaxRegionCreateBody>;
export type TaxRegionPatchInput = z.output<typeof TaxRegionPatchBody>;
