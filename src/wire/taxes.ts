import { z } from 'zod';
import type { TaxLine, TaxRegion } from '../domain/taxes/types.ts';
import { type Currency, fromMinor } from '../domain/shared/money.ts';
import { envelope, WireTimestamp, wireTimestamp, type Representation } from './envelope.ts';

export const TaxRegionRecord = z
  .object({
    id: z.string(),
    name: z.string(),
    countryId: z.string().describe('ISO 3166-1 alpha-2, from GET /v1/countries'),
    stateId: z.string().nullable().describe('ISO 3166-2, from GET /v1/states/{countryId}; null: the whole country'),
    rates: z.record(z.string(), z.number().int()).describe('tax class → rate in basis points (2000 = 20 %); a class not listed is taxed at standard, zero at 0'),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'TaxRegion' });

export function toTaxRegionRecord(r: TaxRegion): z.input<typeof TaxRegionRecord> {
  return { id: r.id, name: r.name, countryId: r.countryId, stateId: r.stateId, rates: r.rates, createdAt: wireTimestamp(r.createdAt), updatedAt: wireTimestamp(r.updatedAt) };
}

export const TaxRegionRep: Representation<TaxRegion> = { schema: envelope(TaxRegionRecord), message: 'Tax region retrieved', toWire: toTaxRegionRecord };

/**
 * One line of an order's tax, as orders, their webhooks and the MCP order tools show it. Kept short (it is in every
 * order the connector lists, docs/mcp.md "Tool list size"): the delivery fee's line is the one whose lineId is null.
 */
export const TaxLineRecord = z.object({
  lineId: z.string().nullable().describe('the order line taxed; null: the delivery fee'),
  taxClass: z.string(),
  rate: z.number().int().describe('basis points (2000 = 20 %)'),
  regionId: z.string().nullable().describe('the tax region applied (it may have changed or gone since)'),
  countryId: z.string().nullable(),
  stateId: z.string().nullable(),
  taxable: z.number().describe("what the rate applied to, after the line's share of the order discount: net when prices exclude tax, gross when they include it"),
  amount: z.number().describe('the tax of this line, rounded half up to the minor unit'),
});

export function toTaxLineRecord(l: TaxLine, c: Currency): z.input<typeof TaxLineRecord> {
  return {
    lineId: l.orderLineId,
    taxClass: l.taxClass,
    rate: l.rateBp,
    regionId: l.region.id,
    countryId: l.region.countryId,
    stateId: l.region.stateId,
    taxable: fromMinor(l.taxableMinor, c),
    amount: fromMinor(l.amountMinor, c),
  };
}
