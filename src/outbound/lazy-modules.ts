import { createRequire } from 'node:module';
import type Stripe from 'stripe';

/**
 * Outbound packages the service loads only when it first needs them (and in src/db: ioredis, pg, the same way), so an instance that does not use them never holds them
 * (docs/configuration.md, "Memory"). Resident memory each adds when loaded, measured on Node 24 in a bare process:
 * stripe 35 MiB, nodemailer 24 MiB, ioredis 21 MiB, pg 10 MiB. All are CommonJS packages: `require` loads them at
 * once, where they are first used, with no change to the code that calls them.
 */
const require = createRequire(import.meta.url);

let stripe: typeof Stripe | undefined;
let nodemailer: typeof import('nodemailer') | undefined;
let mailComposer: typeof import('nodemailer/lib/mail-composer').default | undefined;

/** Stripe's SDK: when a store first uses Stripe. */
export const stripeSdk = (): typeof Stripe => (stripe ??= require('stripe') as typeof Stripe);
/** nodemailer: with SMTP_URL, when its pool is made at start (the local outbox loads only its MailComposer). */
export const nodemailerModule = (): typeof import('nodemailer') => (nodemailer ??= require('nodemailer') as typeof import('nodemailer'));
/**
 * nodemailer's MailComposer alone (a documented entry of the package): the local outbox only builds messages, and
 * the whole package (its SMTP, SES and sendmail transports) would stay resident for nothing (decision 0043).
 */
export const mailComposerModule = (): typeof import('nodemailer/lib/mail-composer').default =>
  (mailComposer ??= require('nodemailer/lib/mail-composer') as typeof import('nodemailer/lib/mail-composer').default);
