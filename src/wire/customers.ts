import { z } from 'zod';
import { CustomerListFilters } from '../domain/customers/customer-schemas.ts';
import { isBanned } from '../domain/customers/customer-rules.ts';
import type { CustomerView } from '../domain/customers/customer-types.ts';
import { type Currency, fromMinor } from '../domain/shared/money.ts';
import { envelope, WireTimestamp, wireTimestamp, type Representation } from './envelope.ts';
import { PAGE_NAMING_RULES, pageFields } from './page.ts';

/** GET /v1/customers: a page of the filtered list. */
export const CustomerListQuery = z.object({ ...pageFields(PAGE_NAMING_RULES, 'query'), ...CustomerListFilters });

export const CustomerAddressRecord = z
  .object({
    label: z.string().nullable(),
    name: z.string().nullable().describe('recipient, when not the customer'),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    postalCode: z.string().nullable(),
    stateId: z.string().nullable().describe('from GET /v1/states/{countryId}'),
    countryId: z.string().describe('from GET /v1/countries'),
    phone: z.string().nullable(),
  })
  .meta({ id: 'CustomerAddress' });

export const CustomerRecord = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable().describe('+ and digits'),
    addresses: z.array(CustomerAddressRecord),
    banned: z.boolean().describe('whether a ban counts now (an expired ban does not)'),
    ban: z
      .object({ reason: z.string(), bannedAt: WireTimestamp, expiresAt: WireTimestamp.nullable().describe('null: until unbanned') })
      .nullable()
      .describe('the last ban set, active or expired; null when none or after an unban'),
    orderCount: z.number().int().describe('orders of this customer in the store and mode'),
    totalSpent: z.number().describe('paid minus refunded over those orders, in the store currency'),
    currency: z.string().describe('ISO 4217 code of totalSpent'),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'Customer' });

export function toCustomerRecord(c: CustomerView, currency: Currency, now: Date): z.input<typeof CustomerRecord> {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    addresses: c.addresses.map((a) => ({ ...a })),
    banned: isBanned(c, now),
    ban:
      c.bannedAt === null
        ? null
        : { reason: c.banReason ?? '', bannedAt: wireTimestamp(c.bannedAt), expiresAt: c.banExpiresAt === null ? null : wireTimestamp(c.banExpiresAt) },
    orderCount: c.stats.orderCount,
    totalSpent: fromMinor(c.stats.totalSpentMinor, currency),
    currency: currency.code,
    createdAt: wireTimestamp(c.createdAt),
    updatedAt: wireTimestamp(c.updatedAt),
  };
}

/**
 * The GET representation of a customer at the time of the request (`banned` depends on it), for ETags and If-Match
 * on writes.
 */
export function customerRep(now: Date): Representation<CustomerView, Currency> {
  return { schema: envelope(CustomerRecord), message: 'Customer retrieved', toWire: (c, currency) => toCustomerRecord(c, currency, now) };
}
