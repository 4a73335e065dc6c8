import { z } from 'zod';
import { MAX_ORDER_NUMBER } from './store-settings.ts';
import { TaxClass } from '../taxes/tax-schemas.ts';

/** Input shapes of the store settings, shared by the REST route and (later) the MCP tools. */

export const MAX_ALLOWED_ORIGINS = 20;

/**
 * An absolute http(s) origin: scheme, host and optional port, nothing else. A trailing `/` is tolerated; the value is
 * kept in its canonical form (`URL.origin`: lower-case scheme and host, default port dropped), so duplicates are
 * caught however they were spelled.
 */
export function canonicalOrigin(value: string): { origin: string } | { rule: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { rule: 'must be an absolute origin such as https://shop.example.com' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { rule: 'must start with https:// or http://' };
  if (url.username !== '' || url.password !== '') return { rule: 'must not contain a user name or password' };
  if (url.hostname.includes('*')) return { rule: 'must name one host; wildcards are not supported' };
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(value)) {
    return { rule: 'must be an origin only (scheme, host and port), without a path, query or fragment' };
  }
  return { origin: url.origin };
}

const Origin = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(300, 'must be at most 300 characters');

export const AllowedOrigins = z
  .array(Origin, { error: 'must be a list of origins' })
  .max(MAX_ALLOWED_ORIGINS, `must contain at most ${MAX_ALLOWED_ORIGINS} origins`)
  .transform((values, ctx) => {
    const out: string[] = [];
    const seen = new Map<string, number>();
    values.forEach((value, i) => {
      const result = canonicalOrigin(value);
      if ('rule' in result) {
        ctx.addIssue({ code: 'custom', path: [i], message: result.rule });
        return;
      }
      const first = seen.get(result.origin);
      if (first !== undefined) {
        ctx.addIssue({ code: 'custom', path: [i], message: `duplicates allowedOrigins[${first}] (${result.origin})` });
        return;
      }
      seen.set(result.origin, i);
      out.push(result.origin);
    });
    return out;
  })
  .describe(
    `storefront origins whose pages may read the API's answers to a publishable key of this mode (CORS), e.g. https://shop.example.com; at most ${MAX_ALLOWED_ORIGINS}`,
  );

export const OrderNumberPrefix = z
  .string({ error: 'must be a string' })
  .max(12, 'must be at most 12 characters')
  .regex(/^[A-Za-z0-9-]*$/, 'must contain only letters, digits and dashes')
  .describe('put before every order number, e.g. NW- gives NW-1001; letters, digits and dashes, at most 12; may be empty');

export const SettingsPatchBody = z.strictObject({
  orderNumberPrefix: OrderNumberPrefix.optional(),
  nextOrderNumber: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_ORDER_NUMBER, `must be at most ${MAX_ORDER_NUMBER}`)
    .optional()
    .describe('the number the next order gets; may only move forward (numbers already given are never reused)'),
  allowedOrigins: AllowedOrigins.optional(),
  notificationEmail: z.email('must be an email address').max(320, 'must be at most 320 characters').nullable().optional().describe('where store notifications go in this mode; null for none (at once). A new address is used only once the link mailed to it is opened (pendingNotificationEmail until then), and needs the read permissions of every notification that will go there (orders: orders:read and customers:read; low stock: inventory:read)'),
  notifications: z
    .strictObject({
      orders: z.boolean({ error: 'must be true or false' }).optional().describe('a mail for every new order'),
      lowStock: z.boolean({ error: 'must be true or false' }).optional().describe("a mail when a SKU's stock crosses the low-stock threshold"),
      apps: z.boolean({ error: 'must be true or false' }).optional().describe('a mail when an app is connected or removed'),
    }, { error: 'must be an object of orders, lowStock, apps: true or false' })
    .optional()
    .describe('which store notifications go to notificationEmail in this mode; only the topics sent change'),
  mcpRequireClientConfirmation: z
    .boolean({ error: 'must be true or false' })
    .optional()
    .describe(
      "true: the AI connector (MCP) deletes, refunds, cancels and bans in this mode only once the merchant confirmed in the AI client itself (the client asks them; an assistant's confirm: true is refused, and so is a client that cannot ask); false (the default): a client that cannot ask may send confirm: true after asking in the chat. Through the AI connector it can be turned on, not off",
    ),
  lowStockThreshold: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(1_000_000, 'must be at most 1000000')
    .optional()
    .describe('store-wide (both modes): SKUs with this many units or fewer count as low stock'),
  currency: z.string({ error: 'must be a string' }).max(3, 'must be an ISO 4217 currency code, e.g. USD').optional().describe('store-wide (both modes): ISO 4217 code of prices, fees and payment links'),
  timezone: z.string({ error: 'must be a string' }).max(64, 'must be an IANA time zone, e.g. Europe/Berlin').optional().describe('store-wide (both modes): IANA time zone, e.g. Europe/Berlin'),
  pricesIncludeTax: z.boolean({ error: 'must be true or false' }).optional().describe('prices and delivery fees include tax (VAT); false: tax is added'),
  shippingTaxClass: TaxClass.optional().describe('of delivery fees'),
});

export type SettingsPatchInput = z.output<typeof SettingsPatchBody>;
