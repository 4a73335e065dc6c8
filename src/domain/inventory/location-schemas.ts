import { z } from 'zod';
import { CountryId, StateId } from '../delivery/delivery-schemas.ts';
import { ADJUSTMENT_REASONS } from './types.ts';

/** Input shapes of stock locations, location adjustments and transfers, shared by the REST routes and the MCP tools. */

const Name = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const Line = (max: number) => z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const Note = z.string({ error: 'must be a string' }).trim().max(500, 'must be at most 500 characters');
const Position = z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(10_000, 'must be at most 10000');
const Units = z.number({ error: 'must be a number' }).int('must be a whole number of units');
const Id = z.string({ error: 'must be a string' }).min(1, 'must not be empty').max(64, 'must be at most 64 characters');

export const LocationAddressBody = z.strictObject({
  line1: Line(200),
  line2: Line(200).optional(),
  city: Line(100),
  postalCode: Line(20).optional(),
  countryId: CountryId,
  stateId: StateId.optional(),
});

export const LocationCreateBody = z.strictObject({
  name: Name,
  address: LocationAddressBody.nullable().optional(),
  active: z.boolean({ error: 'must be true or false' }).optional().describe('default true'),
  position: Position.optional().describe('the order of preference, lower first; default: after the others'),
});

export const LocationPatchBody = z.strictObject({
  name: Name.optional(),
  address: LocationAddressBody.nullable().optional(),
  active: z.boolean({ error: 'must be true or false' }).optional().describe("false takes the location's stock off sale; not for the default location"),
  position: Position.optional(),
  isDefault: z.literal(true, { error: 'must be true (make another location the default to move it)' }).optional().describe('true makes this the default location'),
});

const adjustmentFields = {
  skuId: Id,
  delta: Units.min(-1_000_000, 'must be at least -1000000').max(1_000_000, 'must be at most 1000000').refine((v) => v !== 0, 'must not be 0').optional().describe('units added (positive) or removed (negative)'),
  onHand: Units.min(0, 'must be 0 or more').max(1_000_000_000, 'must be at most 1000000000').optional().describe('the counted units on hand'),
  reason: z.enum(ADJUSTMENT_REASONS, { error: `must be one of ${ADJUSTMENT_REASONS.join(', ')}` }),
  note: Note.optional(),
};
const oneOfDeltaOrOnHand = (v: { delta?: number | undefined; onHand?: number | undefined }, ctx: z.RefinementCtx) => {
  if ((v.delta === undefined) === (v.onHand === undefined)) ctx.addIssue({ code: 'custom', path: ['delta'], message: 'send exactly one of delta or onHand' });
};

export const LocationAdjustmentBody = z.strictObject(adjustmentFields).superRefine(oneOfDeltaOrOnHand);
/** The same adjustment naming its location in the body: the MCP tool adjust_stock_at_location. */
export const LocationAdjustmentAtBody = z.strictObject({ locationId: Id, ...adjustmentFields }).superRefine(oneOfDeltaOrOnHand);

export const TransferBody = z
  .strictObject({
    skuId: Id,
    fromLocationId: Id,
    toLocationId: Id,
    quantity: Units.min(1, 'must be at least 1').max(1_000_000_000, 'must be at most 1000000000'),
    note: Note.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.fromLocationId === v.toLocationId) ctx.addIssue({ code: 'custom', path: ['toLocationId'], message: 'must differ from fromLocationId' });
  });

export type LocationCreateInput = z.output<typeof LocationCreateBody>;
export type LocationPatchInput = z.output<typeof LocationPatchBody>;
export type LocationAdjustmentInput = z.output<typeof LocationAdjustmentBody>;
export type TransferInput = z.output<typeof TransferBody>;
