import { z } from 'zod';
import { Instant } from '../shared/instants.ts';
import { phoneDigits } from './customer-rules.ts';
import { CUSTOMER_LIMITS as L } from './customer-types.ts';

/**
 * Input shapes of customers, shared by the REST routes and the MCP tools. Rules that depend on stored or reference
 * data (email uniqueness, countries and states) live in the service.
 */

const Text = (max: number) => z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
/** An optional text: absent, null (cleared) or a non-empty string. */
const OptionalText = (max: number) =>
  z.string({ error: 'must be a string or null' }).trim().min(1, 'must not be empty; send null or leave it out').max(max, `must be at most ${max} characters`).nullable().optional();

export const CustomerPhone = z
  .string({ error: 'must be a string' })
  .trim()
  .max(L.phoneLength, `must be at most ${L.phoneLength} characters`)
  .regex(/^\+?[0-9 ().-]+$/, 'must be a phone number such as +1 555 0100 (digits, spaces, + ( ) . -)')
  .refine((p) => {
    const n = phoneDigits(p).length;
    return n >= L.phoneDigitsMin && n <= L.phoneDigitsMax;
  }, `must have ${L.phoneDigitsMin} to ${L.phoneDigitsMax} digits`)
  .describe('stored as + and digits, e.g. +15550100100');

export const CustomerEmail = z
  .email({ error: 'must be a valid email address' })
  .max(L.emailLength, `must be at most ${L.emailLength} characters`)
  .describe('unique within the store and mode, without regard to case');

export const CustomerAddressInput = z.strictObject({
  label: OptionalText(L.addressLabelLength).describe('e.g. Home'),
  name: OptionalText(L.nameLength).describe('recipient, when not the customer'),
  line1: Text(L.addressLineLength),
  line2: OptionalText(L.addressLineLength),
  city: Text(L.cityLength),
  postalCode: OptionalText(L.postalCodeLength),
  stateId: z.string({ error: 'must be a string or null' }).trim().min(1, 'must not be empty; send null or leave it out').max(10, 'must be a state id from GET /v1/states/{countryId}').nullable().optional().describe('ISO 3166-2 code from GET /v1/states/{countryId}, e.g. US-CA'),
  countryId: z.string({ error: 'must be a string' }).trim().length(2, 'must be a country id from GET /v1/countries (2 letters)').describe('ISO 3166-1 alpha-2 code from GET /v1/countries, e.g. US'),
  phone: CustomerPhone.nullable().optional(),
});

export const CustomerAddresses = z.array(CustomerAddressInput).max(L.addresses, `must list at most ${L.addresses} addresses`);

export const CustomerCreateBody = z.strictObject({
  name: Text(L.nameLength),
  email: CustomerEmail,
  phone: CustomerPhone.nullable().optional(),
  addresses: CustomerAddresses.optional(),
});

/** Only the sent fields change; `addresses`, when sent, replaces the whole list. */
export const CustomerPatchBody = CustomerCreateBody.partial();

export const CustomerBanBody = z.strictObject({
  reason: Text(L.banReasonLength).describe('why; shown to staff, not to the customer'),
  expiresAt: Instant.nullable().optional().describe('when the ban ends; absent or null: until unbanned'),
});

/** The filters of the customer list (its page, limit and cursor, is the wire's: src/wire/customers.ts). */
export const CustomerListFilters = {
  q: z.string().trim().max(100, 'must be at most 100 characters').optional().describe('text to find in the name, email or phone'),
  banned: z.enum(['true', 'false'], { error: 'must be true or false' }).optional().describe('true: only customers banned now; false: only those not banned now'),
};
