import type { RenderEmail } from '../domain/email/ports.ts';
import type { EmailKind, EmailParams, RenderedEmail } from '../domain/email/types.ts';
import { html, type SafeHtml } from '../web/html.ts';

/**
 * The mail templates (docs/email.md, "Messages"): for each kind, a subject, a plain-text body and an HTML body built
 * from the message's params. Everything from users (store names, people's names, app names, SKU codes) is escaped in
 * the HTML by the `html` tag and stripped of line breaks in the subject; links are built by the service on BASE_URL.
 */

type Params = EmailParams;
interface Template {
  subject(p: Params): string;
  /** Paragraphs of the body, as text; `action` is the link button, if any. */
  body(p: Params): { lines: string[]; action?: { label: string; href: string } };
}

const str = (v: string | number | null | undefined): string => (v === null || v === undefined ? '' : String(v));
const where = (p: Params): string => `${str(p.storeName)}${p.mode === 'test' ? ' (test mode)' : ''}`;

const TEMPLATES: Record<EmailKind, Template> = {
  invitation: {
    subject: (p) => `You are invited to ${str(p.storeName)}`,
    body: (p) => ({
      lines: [
        `${str(p.inviterName)} (${str(p.inviterEmail)}) invited you to help run the store ${str(p.storeName)}, with the role ${str(p.role)}.`,
        `Open the link to accept: sign in with this email address (${str(p.email)}), or create an account with it. The link works once and expires on ${str(p.expiresAt)}.`,
        'If you did not expect this invitation, you can ignore this message.',
      ],
      action: { label: 'Accept the invitation', href: str(p.link) },
    }),
  },
  password_reset: {
    subject: () => 'Reset your password',
    body: (p) => ({
      lines: [
        'Someone asked to reset the password of the account with this email address. Open the link to choose a new password. It works once, for 30 minutes.',
        'Choosing a new password signs you out everywhere else. Your stores, their API keys and connected apps are not affected.',
        'If you did not ask for this, ignore this message: your password stays as it is.',
      ],
      action: { label: 'Choose a new password', href: str(p.link) },
    }),
  },
  order_created: {
    subject: (p) => `New order ${str(p.orderNumber)} in ${where(p)}`,
    body: (p) => ({
      lines: [
        `${where(p)} has a new order: ${str(p.orderNumber)}, ${str(p.itemCount)} item(s), ${str(p.total)}, from ${str(p.customerName) || 'a customer'}.`,
      ],
      action: { label: 'Open the order', href: str(p.link) },
    }),
  },
  order_confirmation: {
    subject: (p) => `Your order ${str(p.orderNumber)} from ${str(p.storeName)}`,
    body: (p) => ({
      lines: [
        `Thank you for your order${p.mode === 'test' ? ' (a test order: no real money moved)' : ''}. ${str(p.storeName)} received your payment of ${str(p.total)} for order ${str(p.orderNumber)}: ${str(p.items)}.`,
        'The order status page shows your order, its payment and its delivery as they progress. Keep the link: it is the only way to the page, and it needs no account.',
      ],
      action: { label: 'See your order', href: str(p.link) },
    }),
  },
  order_shipped: {
    subject: (p) => `Your order ${str(p.orderNumber)} from ${str(p.storeName)} is on its way`,
    body: (p) => ({
      lines: [
        `${str(p.storeName)} shipped ${str(p.items)} of your order ${str(p.orderNumber)}${p.mode === 'test' ? ' (a test order: nothing was really sent)' : ''}.`,
        ...(str(p.carrier) || str(p.trackingNumber) ? [`Carrier: ${str(p.carrier) || 'not given'}. Tracking number: ${str(p.trackingNumber) || 'not given'}.`] : []),
      ],
      ...(str(p.trackingUrl) ? { action: { label: 'Track your parcel', href: str(p.trackingUrl) } } : {}),
    }),
  },
  order_paid: {
    subject: (p) => `Order ${str(p.orderNumber)} paid in ${where(p)}`,
    body: (p) => ({
      lines: [`Order ${str(p.orderNumber)} in ${where(p)} was paid: ${str(p.total)} by card through ${str(p.provider) === 'test' ? 'the test provider (no real money)' : str(p.provider)}.`],
      action: { label: 'Open the order', href: str(p.link) },
    }),
  },
  low_stock: {
    subject: (p) => `Low stock: ${str(p.skuCode) || 'a product'} in ${where(p)}`,
    body: (p) => ({
      lines: [
        `The stock of ${str(p.skuCode) ? `SKU ${str(p.skuCode)}` : 'a SKU'} fell to ${str(p.available)}, at or below the store's low-stock threshold of ${str(p.threshold)}.`,
        'You get this once each time the stock crosses the threshold.',
      ],
      action: { label: 'Open the product', href: str(p.link) },
    }),
  },
  app_connected: {
    subject: (p) => `${str(p.appName)} was connected to ${where(p)}`,
    body: (p) => ({
      lines: [
        `${str(p.approvedBy)} connected the app ${str(p.appName)} to ${where(p)}. It may now act with these permissions: ${str(p.scopes)}.`,
        'If this was not expected, remove the app under Connected apps: its access ends at once.',
      ],
      action: { label: 'Review connected apps', href: str(p.link) },
    }),
  },
  app_disconnected: {
    subject: (p) => `${str(p.appName)} was removed from ${where(p)}`,
    body: (p) => ({
      lines: [`The app ${str(p.appName)} was removed from ${where(p)}. Its access and its webhook subscriptions are gone.`],
      action: { label: 'Review connected apps', href: str(p.link) },
    }),
  },
  notification_address: {
    subject: (p) => `Confirm this address for ${where(p)} notifications`,
    body: (p) => ({
      lines: [
        `${str(p.requestedBy)} asked to send the store notifications of ${where(p)} (new orders with the customer's name, low stock, connected apps) to this address.`,
        'Nothing is sent here until you confirm. The link works for 48 hours.',
        'If you did not expect this, ignore this message: no notification will come here.',
      ],
      action: { label: 'Confirm this address', href: str(p.link) },
    }),
  },
  email_change: {
    subject: () => 'Confirm your new email address',
    body: (p) => ({
      lines: [
        `The account ${str(p.oldEmail)} asked to use this address (${str(p.email)}) from now on.`,
        'Open the link to confirm: the change happens then, not before. The link works for 24 hours.',
        'If you did not ask for this, ignore this message: nothing changes.',
      ],
      action: { label: 'Confirm the new email', href: str(p.link) },
    }),
  },
  email_change_notice: {
    subject: () => 'Your account email was changed',
    body: (p) => ({
      lines: [
        `The email of your account was changed from ${str(p.oldEmail)} (this address) to ${str(p.email)}.`,
        'If you made this change, there is nothing to do.',
        'If you did not, open the link: it puts this address back and signs the account out everywhere; then choose a new password. The link works for 7 days.',
      ],
      action: { label: 'This was not me: undo the change', href: str(p.link) },
    }),
  },
  email_verification: {
    subject: () => 'Verify your email address',
    body: (p) => ({
      lines: [
        `Open the link to verify that ${str(p.email)} is yours. A verified email lets you accept invitations to stores. The link works for 48 hours.`,
        'If you did not ask for this, ignore this message.',
      ],
      action: { label: 'Verify my email', href: str(p.link) },
    }),
  },
};

/** One line, no control characters: what a header may carry. */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, 300);
}

function layout(subject: string, lines: string[], action: { label: string; href: string } | undefined): SafeHtml {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${subject}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; max-width: 36rem; margin: 0 auto; padding: 1rem;">
${lines.map((line) => html`<p>${line}</p>\n`)}${
    action?.href
      ? html`<p><a href="${action.href}" style="display: inline-block; padding: 0.5rem 1rem; background: #1f4fd1; color: #ffffff; text-decoration: none; border-radius: 4px;">${action.label}</a></p>
<p style="font-size: 0.875rem; color: #555555;">Or copy this address into your browser: ${action.href}</p>\n`
      : null
  }</body></html>
`;
}

export const renderEmail: RenderEmail = (kind, params): RenderedEmail => {
  const template = TEMPLATES[kind];
  const subject = oneLine(template.subject(params));
  const { lines, action } = template.body(params);
  const text = `${lines.join('\n\n')}${action?.href ? `\n\n${action.label}: ${action.href}` : ''}\n`;
  return { subject, text, html: layout(subject, lines, action).html };
};
