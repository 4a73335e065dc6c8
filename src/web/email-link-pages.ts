import type { LinkOutcome, LinkPreview } from '../domain/email/email-link-service.ts';
import { html, type SafeHtml } from './html.ts';
import { layout } from './layout.ts';

const where = (p: LinkPreview): string => `${p.storeName ?? 'the store'}${p.mode === 'test' ? ' (test mode)' : ''}`;

/** What the link asks, in words: the page shows it before anything is done. */
function question(p: LinkPreview): { title: string; text: SafeHtml; button: string } {
  switch (p.purpose) {
    case 'notification_email':
      return {
        title: 'Confirm the notification address',
        text: html`<p>Send the store notifications of <strong>${where(p)}</strong> (new orders with the customer's name, low stock, connected apps) to <strong>${p.email}</strong>?</p>`,
        button: 'Confirm this address',
      };
    case 'account_email':
      return {
        title: 'Confirm your new email',
        text: html`<p>Use <strong>${p.email}</strong> as the email of your account from now on? You will sign in with it; your old address is told of the change.</p>`,
        button: 'Confirm the new email',
      };
    case 'account_email_undo':
      return {
        title: 'Undo the email change',
        text: html`<p>Put <strong>${p.email}</strong> back as the email of your account? Every session of the account is signed out; then choose a new password.</p>`,
        button: 'Undo the change',
      };
    case 'email_verification':
      return { title: 'Verify your email', text: html`<p>Verify that <strong>${p.email}</strong> is yours?</p>`, button: 'Verify my email' };
  }
}

/** The page of a mailed link: what opening it does, and one button to do it (a mail scanner that follows links does nothing). */
export function emailLinkPage(view: { token: string; preview: LinkPreview }): string {
  const q = question(view.preview);
  return layout(
    q.title,
    html`<h1>${q.title}</h1>
${q.text}
<form method="post" action="/email-links/confirm">
<input type="hidden" name="token" value="${view.token}">
<div class="actions"><button class="primary" type="submit">${q.button}</button></div>
</form>
<p class="muted">If you did not expect this, close this page: nothing changes.</p>`,
  );
}

/** What was done. */
export function emailLinkDonePage(outcome: LinkOutcome): string {
  switch (outcome.purpose) {
    case 'notification_email':
      return layout(
        'Address confirmed',
        html`<h1>Address confirmed</h1><p role="status">The store notifications of ${where(outcome)} now go to <strong>${outcome.email}</strong>.</p>`,
      );
    case 'account_email':
      return layout(
        'Email changed',
        html`<h1>Email changed</h1><p role="status">Your account's email is now <strong>${outcome.email}</strong>. Sign in with it from now on.</p><p><a href="/login">Sign in</a></p>`,
      );
    case 'account_email_undo':
      return layout(
        'Email restored',
        html`<h1>Email restored</h1><p role="status">Your account's email is <strong>${outcome.email}</strong> again, and every session of the account was signed out.</p>
<p>Choose a new password now: whoever changed the email may know the old one.</p><p><a href="/password-reset">Choose a new password</a></p>`,
      );
    case 'email_verification':
      return layout('Email verified', html`<h1>Email verified</h1><p role="status"><strong>${outcome.email}</strong> is verified.</p><p><a href="/dashboard">Open the dashboard</a></p>`);
  }
}

/** A link that no longer works, or a change that cannot be made. */
export function emailLinkRefusedPage(message: string): string {
  return layout(
    'This link does not work',
    html`<h1>This link does not work</h1>
<p class="error" role="alert">${message}</p>
<p><a href="/dashboard">Open the dashboard</a> to ask again.</p>`,
  );
}
