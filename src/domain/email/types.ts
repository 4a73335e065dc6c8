import type { Mode } from '../../context.ts';

/**
 * The kinds of mail the service sends (docs/email.md). The first two go to a person about their own account or a
 * store's invitation; the rest are store notifications, sent to the store's `notificationEmail` of that mode.
 */
export const EMAIL_KINDS = ['invitation', 'password_reset', 'order_created', 'order_paid', 'low_stock', 'app_connected', 'app_disconnected'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** The notifications a member can turn off, per mode, in the store settings; each covers some kinds. */
export const NOTIFICATION_TOPICS = {
  orders: ['order_created', 'order_paid'],
  lowStock: ['low_stock'],
  apps: ['app_connected', 'app_disconnected'],
} as const satisfies Record<string, readonly EmailKind[]>;
export type NotificationTopic = keyof typeof NOTIFICATION_TOPICS;
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
