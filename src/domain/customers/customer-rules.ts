import type { Customer } from './customer-types.ts';

/**
 * Whether a customer's ban counts at `now`: a ban was set and it has no expiry or expires later than `now`. An expired
 * ban no longer counts (the fields stay, as history, until the customer is unbanned or banned again).
 *
 * This is the check the order service runs before placing an order (a banned customer cannot place orders):
 * `const customer = await repos.customers.findCustomer(tenant, customerId); if (customer && isBanned(customer, ctx.now)) …`
 */
export function isBanned(customer: Pick<Customer, 'bannedAt' | 'banExpiresAt'>, now: Date): boolean {
  if (customer.bannedAt === null) return false;
  return customer.banExpiresAt === null || customer.banExpiresAt.getTime() > now.getTime();
}

/** Emails are unique per store and mode without regard to case or surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A phone number kept as `+` (when given) and its digits: "+1 (555) 010-0100" becomes "+15550100100". */
export function normalizePhone(phone: string): string {
  const trimmed = phone.trim();
  return `${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '');
}
