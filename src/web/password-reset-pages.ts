import { html } from './html.ts';
import { layout } from './layout.ts';

/** "Forgot your password?": one email field; the answer is the same whether an account has it (docs/email.md). */
export function resetRequestPage(view: { csrf: string; email?: string | undefined; error?: string | undefined }): string {
  return layout(
    'Reset your password',
    html`<h1>Reset your password</h1>
<p>Enter the email you sign in with. If an account has it, we send it a link to choose a new password.</p>
${view.error ? html`<p class="error" role="alert">${view.error}</p>` : null}
<form method="post" action="/password-reset">
<input type="hidden" name="csrf" value="${view.csrf}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value="${view.email ?? ''}">
<div class="actions"><button class="primary" type="submit">Send the link</button></div>
</form>
<p class="muted">Remembered it? <a href="/login">Sign in</a>.</p>`,
  );
}

/** What the request page shows once sent: the same words whatever the email. */
export function resetRequestedPage(view: { message: string }): string {
  return layout(
    'Check your email',
    html`<h1>Check your email</h1>
<p role="status">${view.message}</p>
<p class="muted">Nothing came? Check the spam folder, or <a href="/password-reset">ask again</a> in a few minutes.</p>
<p class="muted"><a href="/login">Back to sign-in</a></p>`,
  );
}

/** The page of a reset link: the new password (the token rides along in a hidden field). */
export function newPasswordPage(view: { csrf: string; token: string; fieldError?: string | undefined; error?: string | undefined }): string {
  const describedBy = ['password-hint', view.fieldError ? 'password-error' : null].filter(Boolean).join(' ');
  return layout(
    'Choose a new password',
    html`<h1>Choose a new password</h1>
<p>Choosing it signs you out everywhere else. Your stores, their API keys and connected apps keep working.</p>
${view.error ? html`<p class="error" role="alert">${view.error}</p>` : null}
<form method="post" action="/password-reset/new" novalidate>
<input type="hidden" name="csrf" value="${view.csrf}">
<input type="hidden" name="token" value="${view.token}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="12" maxlength="256" aria-describedby="${describedBy}"${view.fieldError ? html` aria-invalid="true"` : null}>
<p id="password-hint" class="muted hint">At least 12 characters.</p>
${view.fieldError ? html`<p id="password-error" class="field-error">New password ${view.fieldError}.</p>` : null}
<div class="actions"><button class="primary" type="submit">Set the new password</button></div>
</form>`,
  );
}

/** A link that no longer works: used, expired, or superseded. */
export function resetLinkInvalidPage(): string {
  return layout(
    'This link does not work any more',
    html`<h1>This link does not work any more</h1>
<p class="error" role="alert">Reset links work once, for 30 minutes. This one was used, expired, or the password was changed since with another link.</p>
<p><a href="/password-reset">Ask for a new link</a> or <a href="/login">sign in</a>.</p>`,
  );
}
