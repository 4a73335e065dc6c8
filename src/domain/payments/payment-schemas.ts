import { z } from 'zod';
import { CAPTURE_METHODS, MAX_PAYMENT_AMOUNT, PAYMENT_LINK_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, RECORD_METHODS } from './payment-rules.ts';
import { isCardNumber } from './test-provider.ts';

/** Input shapes of payments, shared by the REST routes and (later) the MCP tools. */

const Method = z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(', ')}` });

export const PaymentOptionsBody = z.strictObject({
  enabledMethods: z
    .array(Method, { error: 'must be a list of payment methods' })
    .min(1, 'must enable at least one payment method')
    .superRefine((methods, ctx) => {
      methods.forEach((m, i) => {
        const first = methods.indexOf(m);
        if (first !== i) ctx.addIssue({ code: 'custom', path: [i], message: `duplicates enabledMethods[${first}] (${m})` });
      });
    })
    .describe(`the methods the store accepts, from: ${PAYMENT_METHODS.join(', ')}`),
});

const Amount = z
  .number({ error: 'must be a number' })
  .gt(0, 'must be greater than 0')
  .max(MAX_PAYMENT_AMOUNT, `must be at most ${MAX_PAYMENT_AMOUNT}`);

const Reference = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

export const PaymentRecordBody = z.strictObject({
  method: z
    .enum(RECORD_METHODS, { error: `must be one of ${RECORD_METHODS.join(', ')}` })
    .describe('how the customer paid: a method enabled in GET /v1/payments/options, or manual (received, method not recorded)'),
  amount: Amount.describe('in the order currency, e.g. 19.99; at most what is outstanding'),
  status: z.enum(PAYMENT_STATUSES, { error: `must be one of ${PAYMENT_STATUSES.join(', ')}` }).optional().describe('default succeeded; pending reserves the amount until settled'),
  reference: Reference.nullable().optional().describe('your reference: bank transfer reference, receipt number…'),
});

export const PaymentSettleBody = z.strictObject({
  status: z.enum(['succeeded', 'failed'], { error: 'must be succeeded or failed' }).describe('what became of the pending payment'),
});

/** ISO 8601 date-time; without a zone it is read as UTC, as every timestamp the API sends. */
export const WireDateTime = z
  .string({ error: 'must be a string' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/, 'must be an ISO 8601 date-time, e.g. 2026-12-31T23:59:59.000 (UTC)')
  .transform((value, ctx) => {
    const date = new Date(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`);
    // Date() rolls 2030-02-31 over to March; a date-time that does not exist is refused instead.
    const [y, mo, d, h, mi, sec = 0] = (value.match(/\d+/g) ?? []).map(Number);
    const day = new Date(Date.UTC(y!, mo! - 1, d!));
    const exists = day.getUTCFullYear() === y && day.getUTCMonth() === mo! - 1 && day.getUTCDate() === d && h! <= 23 && mi! <= 59 && sec <= 59;
    if (!exists || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'must be a real date and time' });
      return z.NEVER;
    }
    return date;
  });

export const PaymentLinkCreateBody = z.strictObject({
  amount: Amount.optional().describe('in the store currency with at most its decimals; with orderId, at most what is outstanding (default: all of it)'),
  orderId: z.string({ error: 'must be a string' }).min(1, 'must not be empty').max(64, 'must be at most 64 characters').optional().describe('an order of the store'),
  description: z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters').nullable().optional().describe('shown to the customer; default "Order <number>" for order links'),
  expiresAt: WireDateTime.nullable().optional().describe('when the link stops working; in the future, at most 365 days ahead; absent or null: never'),
  captureMethod: z
    .enum(CAPTURE_METHODS, { error: `must be one of ${CAPTURE_METHODS.join(', ')}` })
    .optional()
    .describe('automatic (default): a card payment is captured at once; manual: authorized on the pay page, captured later with POST /v1/orders/{orderId}/capture'),
});

/** The filters of the payment-link list (its page, limit and cursor, is the wire's: src/wire/payments.ts). */
export const PaymentLinkListFilters = {
  status: z.enum(PAYMENT_LINK_STATUSES, { error: `must be one of ${PAYMENT_LINK_STATUSES.join(', ')}` }).optional().describe('the status links read as now (expiry is computed)'),
  orderId: z.string().min(1, 'must not be empty').max(64, 'must be at most 64 characters').optional(),
};

/**
 * The card form of the pay page (the test provider's: a real provider's card fields are its own). Each message reads
 * after the field's label ("Card number is not a valid card number"). Becomes the provider port's `CardInput`.
 */
export const CardForm = z
  .object({
    cardNumber: z
      .string()
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(
        z
          .string()
          .min(1, 'is required')
          .regex(/^\d*$/, 'must be digits only')
          .min(12, 'must have 12 to 19 digits')
          .max(19, 'must have 12 to 19 digits')
          .refine(isCardNumber, 'is not a valid card number (check the digits)'),
      ),
    expiry: z
      .string()
      .trim()
      .min(1, 'is required')
      .regex(/^(0[1-9]|1[0-2])\s*\/?\s*(\d{2}|\d{4})$/, 'must be a month and year, MM / YY'),
    cvc: z.string().trim().min(1, 'is required').regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
  })
  .transform((v) => {
    const [, month, year] = /^(\d{2})\s*\/?\s*(\d{2}|\d{4})$/.exec(v.expiry)!;
    return { number: v.cardNumber, expMonth: Number(month), expYear: year!.length === 2 ? 2000 + Number(year) : Number(year), cvc: v.cvc };
  });

/** PUT /v1/payments/providers/{provider}: the provider's secret key, webhook signing secret and publishable key for the request's mode. */
export const PaymentProviderBody = z.strictObject({
  publishableKey: z.string({ error: 'must be a string' }).trim().min(1, 'is required').max(300, 'must be at most 300 characters').describe("the provider's publishable key of this mode (Stripe: pk_live_… in live mode, pk_test_… in test mode); public, the pay page hands it to Stripe.js"),
  secretKey: z.string({ error: 'must be a string' }).trim().min(1, 'is required').max(300, 'must be at most 300 characters').describe("the provider's secret key of this mode (Stripe: sk_live_… in live mode, sk_test_… in test mode); kept encrypted, never shown again"),
  webhookSecret: z.string({ error: 'must be a string' }).trim().min(1, 'is required').max(300, 'must be at most 300 characters').describe('the signing secret of the webhook endpoint you added at the provider for POST /v1/payment-providers/{provider}/events/{storeId}/{mode} (Stripe: whsec_…)'),
});
