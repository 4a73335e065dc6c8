import type { Mode } from '../../context.ts';
import type { Permission } from '../shared/permissions.ts';

/**
 * The kinds of mail the service sends (docs/email.md). `invitation` and `password_reset` go to a person about a store's
 * invitation or their own account; the next five are store notifications, sent to the store's `notificationEmail` of
 * that mode; the next four carry a link that proves an address (`EMAIL_LINK_KINDS`); `order_confirmation` goes to the
 * shopper of a storefront order once it is paid, with its order status page (docs/checkout.md).
 */
export const EMAIL_KINDS = [
  'invitation',
  'password_reset',
  'order_created',
  'order_paid',
  'low_stock',
  'app_connected',
  'app_disconnected',
  'notification_address',
  'email_change',
  'email_change_notice',
  'email_verification',
  'order_confirmation',
  'order_shipped',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** The notifications a member can turn off, per mode, in the store settings; each covers some kinds. */
export const NOTIFICATION_TOPICS = {
  orders: ['order_created', 'order_paid'],
  lowStock: ['low_stock'],
  apps: ['app_connected', 'app_disconnected'],
} as const satisfies Record<string, readonly EmailKind[]>;
export type NotificationTopic = keyof typeof NOTIFICATION_TOPICS;

/**
 * What each topic's mail shows, as the permissions that read it (docs/security.md, "Directing data"): choosing where a
 * topic's mail goes, or turning a topic on, needs them. An order mail names the order, its total and the customer.
 */
export const NOTIFICATION_TOPIC_READS = {
  orders: ['orders:read', 'customers:read'],
  lowStock: ['inventory:read'],
  apps: ['settings:read'],
} as const satisfies Record<NotificationTopic, readonly Permission[]>;
export const NOTIFICATION_TOPIC_NAMES = Object.keys(NOTIFICATION_TOPICS) as NotificationTopic[];

/** The mail features an operator turns on (MAIL_FEATURES). */
export const MAIL_FEATURES = ['invitations', 'password-reset', 'notifications'] as const;
export type MailFeature = (typeof MAIL_FEATURES)[number];

/**
 * `pending` until sent; `sent` once the SMTP server accepted it; `failed` when it was refused for good (a permanent
 * SMTP answer, or every retry used); `dropped` when there was nothing to send any more (a reset for an address with
 * no account, an invitation accepted or revoked before its mail went, a reset link that would arrive expired).
 */
export type EmailStatus = 'pending' | 'sent' | 'failed' | 'dropped';

/** A queued message as the delivery list shows it. */
export interface EmailMessage {
  id: string;
  storeId: string | null;
  mode: Mode | null;
  kind: EmailKind;
  to: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** What a template is given: the message's params, plus the link a secret-bearing message gets when it is sent. */
export type EmailParams = Record<string, string | number | null>;

/** A message to queue, in the transaction of its cause. */
export interface NewEmailMessage {
  id: string;
  storeId: string | null;
  mode: Mode | null;
  kind: EmailKind;
  /** One cause, one message: a second message for the same cause is not written. */
  cause: string;
  to: string;
  subject: string;
  params: EmailParams;
  createdAt: Date;
}

/** A message claimed by a sender, with its lease: what it needs to send it. */
export type ClaimedEmail = Pick<EmailMessage, 'id' | 'storeId' | 'mode' | 'kind' | 'to' | 'subject' | 'attempts' | 'createdAt'> & { params: EmailParams };

/** A rendered message, ready for the transport. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** How a send went: accepted, refused for now (try again), or refused for good. */
export type SendResult =
  | { kind: 'sent'; response: string }
  | { kind: 'retry'; error: string }
  | { kind: 'refused'; error: string };

/**
 * What opening a mailed link confirms (docs/security.md, "Directing data" and "Account email"):
 * - `notification_email`: a store's new notification address in one mode (it is used only once confirmed);
 * - `account_email`: an account's new email (it replaces the old one only once confirmed);
 * - `account_email_undo`: sent to the old address when the email changed: puts it back and signs every session out;
 * - `email_verification`: proves the account's current email.
 */
export const EMAIL_LINK_PURPOSES = ['notification_email', 'account_email', 'account_email_undo', 'email_verification'] as const;
export type EmailLinkPurpose = (typeof EMAIL_LINK_PURPOSES)[number];

/** The mail that carries each kind of link (its token is minted when that mail is sent). */
export const EMAIL_LINK_KINDS = {
  notification_email: 'notification_address',
  account_email: 'email_change',
  account_email_undo: 'email_change_notice',
  email_verification: 'email_verification',
} as const satisfies Record<EmailLinkPurpose, EmailKind>;

/** How long each link works after it is requested. */
export const EMAIL_LINK_TTL_MS: Record<EmailLinkPurpose, number> = {
  notification_email: 48 * 3600 * 1000,
  account_email: 24 * 3600 * 1000,
  account_email_undo: 7 * 24 * 3600 * 1000,
  email_verification: 48 * 3600 * 1000,
};

/** A mailed link: whose, which address it proves, until when; the id is the id of the message that carries it. */
export interface EmailLink {
  id: string;
  purpose: EmailLinkPurpose;
  userId: string | null;
  storeId: string | null;
  mode: Mode | null;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}
