import { z } from 'zod';
import type { DeliveryQuote } from '../domain/delivery/delivery-service.ts';
import { type Currency, fromMinor } from '../domain/shared/money.ts';
import type { DeliveryOption, DeliveryZone, Region, ZoneWithOptions } from '../domain/delivery/types.ts';
import { envelope, WireTimestamp, wireTimestamp, type Representation } from './envelope.ts';

export const RegionRecord = z
  .object({
    countryId: z.string().describe('ISO 3166-1 alpha-2, from GET /v1/countries'),
    stateId: z.string().nullable().describe('ISO 3166-2, from GET /v1/states/{countryId}; null: the whole country'),
  })
  .meta({ id: 'DeliveryRegion' });

export const DeliveryOptionRecord = z
  .object({
    id: z.string(),
    zoneId: z.string(),
    name: z.string(),
    currency: z.string().describe('ISO 4217 code of fee and freeOver (the store currency)'),
    fee: z.number(),
    freeOver: z.number().nullable().describe('the fee is waived when the order subtotal is at least this; null: never'),
    estimatedDaysMin: z.number().int().nullable(),
    estimatedDaysMax: z.number().int().nullable(),
    active: z.boolean(),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'DeliveryOption' });

export const DeliveryZoneRecord = z
  .object({
    id: z.string(),
    name: z.string(),
    regions: z.array(RegionRecord),
    options: z.array(DeliveryOptionRecord),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'DeliveryZone' });

export const DeliveryQuoteRecord = z
  .object({
    countryId: z.string(),
    stateId: z.string().nullable(),
    subtotal: z.number(),
    currency: z.string(),
    zone: z.object({ id: z.string(), name: z.string() }).nullable().describe('the zone that serves the address; null: the store does not deliver there'),
    options: z.array(
      z.object({
        optionId: z.string(),
        name: z.string(),
        fee: z.number().describe('what the customer pays for this subtotal'),
        regularFee: z.number().describe('the fee before the free-over threshold'),
        free: z.boolean().describe('true when the free-over threshold waived the fee'),
        freeOver: z.number().nullable(),
        estimatedDaysMin: z.number().int().nullable(),
        estimatedDaysMax: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'DeliveryQuote' });

export function toOptionRecord(o: DeliveryOption, c: Currency): z.input<typeof DeliveryOptionRecord> {
  return {
    id: o.id,
    zoneId: o.zoneId,
    name: o.name,
    currency: c.code,
    fee: fromMinor(o.feeMinor, c),
    freeOver: o.freeOverMinor === null ? null : fromMinor(o.freeOverMinor, c),
    estimatedDaysMin: o.estimatedDaysMin,
    estimatedDaysMax: o.estimatedDaysMax,
    active: o.active,
    createdAt: wireTimestamp(o.createdAt),
    updatedAt: wireTimestamp(o.updatedAt),
  };
}

export function toZoneRecord(z: ZoneWithOptions, c: Currency): z.input<typeof DeliveryZoneRecord> {
  return {
    id: z.id,
    name: z.name,
    regions: z.regions.map((r) => ({ countryId: r.countryId, stateId: r.stateId })),
    options: z.options.map((o) => toOptionRecord(o, c)),
    createdAt: wireTimestamp(z.createdAt),
    updatedAt: wireTimestamp(z.updatedAt),
  };
}

export function toQuoteRecord(q: { zone: DeliveryZone | null; quotes: DeliveryQuote[]; subtotalMinor: number; currency: Currency; address: Region }): z.input<typeof DeliveryQuoteRecord> {
  const c = q.currency;
  return {
    countryId: q.address.countryId,
    stateId: q.address.stateId,
    subtotal: fromMinor(q.subtotalMinor, c),
    currency: c.code,
    zone: q.zone && { id: q.zone.id, name: q.zone.name },
    options: q.quotes.map(({ option, feeMinor }) => ({
      optionId: option.id,
      name: option.name,
      fee: fromMinor(feeMinor, c),
      regularFee: fromMinor(option.feeMinor, c),
      free: feeMinor === 0 && option.feeMinor > 0,
      freeOver: option.freeOverMinor === null ? null : fromMinor(option.freeOverMinor, c),
      estimatedDaysMin: option.estimatedDaysMin,
      estimatedDaysMax: option.estimatedDaysMax,
    })),
  };
}

// The GET representations, for ETags and If-Match on writes.
export const ZoneRep: Representation<ZoneWithOptions, Currency> = { schema: envelope(DeliveryZoneRecord), message: 'Delivery zone retrieved', toWire: toZoneRecord };
export const OptionRep: Representation<DeliveryOption, Currency> = { schema: envelope(DeliveryOptionRecord), message: 'Delivery option retrieved', toWire: toOptionRecord };
