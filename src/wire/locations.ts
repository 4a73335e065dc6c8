import { z } from 'zod';
import type { StockLevel, StockLocation } from '../domain/inventory/types.ts';
import { envelope, type Representation, WireTimestamp, wireTimestamp } from './envelope.ts';

export const LocationAddressRecord = z.object({
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  postalCode: z.string().optional(),
  countryId: z.string(),
  stateId: z.string().optional(),
});

export const LocationRecord = z
  .object({
    id: z.string(),
    name: z.string(),
    address: LocationAddressRecord.nullable(),
    active: z.boolean().describe("false: its stock is not for sale (not in any SKU's quantityInStock)"),
    isDefault: z.boolean().describe("the store's default location: setting a SKU's quantityInStock lands here"),
    position: z.number().int().describe('the order of preference, lower first'),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'StockLocation' });

export function toLocationRecord(l: StockLocation): z.input<typeof LocationRecord> {
  return { id: l.id, name: l.name, address: l.address, active: l.active, isDefault: l.isDefault, position: l.position, createdAt: wireTimestamp(l.createdAt), updatedAt: wireTimestamp(l.updatedAt) };
}

export const LocationRep: Representation<StockLocation> = { schema: envelope(LocationRecord), message: 'Location retrieved', toWire: toLocationRecord };

export const LevelRecord = z
  .object({
    skuId: z.string(),
    sku: z.string().nullable(),
    productId: z.string(),
    locationId: z.string(),
    onHand: z.number().int().describe('units at the location'),
    allocated: z.number().int().describe('units promised to orders not yet shipped'),
    available: z.number().int().describe('onHand - allocated'),
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'LocationStockLevel' });

export function toLevelRecord(l: StockLevel): z.input<typeof LevelRecord> {
  return { skuId: l.skuId, sku: l.sku, productId: l.productId, locationId: l.locationId, onHand: l.onHand, allocated: l.allocated, available: l.onHand - l.allocated, updatedAt: wireTimestamp(l.updatedAt) };
}
