import { html } from './html.ts';
import { layout } from './layout.ts';

export interface SignInView {
  csrf: string;
  /** The authorization request being continued; absent when signing in to the dashboard. */
  authorization?: { id: string; clientName: string } | undefined;
  error?: string | undefined;
  /** Good news to show above the form (the password was just changed). */
  notice?: string | undefined;
  /** Whether "Forgot your password?" can send a reset link (MAIL_FEATURES password-reset). */
  passwordReset?: boolean | undefined;
  email?: string | undefined;
  /** Where to go once signed in (a dashboard path), when not continuing an authorization request. */
  next?: string | undefined;
}

/** Sign-in: "Email", "Password" and a "Sign in" button; a failed attempt shows the form again with the message. */
export function signInPage(view: SignInView): string {
  const purpose = view.authorization
    ? html`<p>to connect the app <strong>${view.authorization.clientName}</strong> <span class="tag">not verified</span> to your store.</p>`
    : html`<p>to manage your stores.</p>`;
  return layout(
    'Sign in',
    html`<h1>Sign in</h1>${purpose}
${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : null}
${view.error ? html`<p class="error" role="alert">${view.error}</p>` : null}
<form method="post" action="/sign-in">
<input type="hidden" name="csrf" value="${view.csrf}">
${view.authorization ? html`<input type="hidden" name="request" value="${view.authorization.id}">` : null}
${view.next ? html`<input type="hidden" name="next" value="${view.next}">` : null}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value="${view.email ?? ''}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256">
<div class="actions"><button class="primary" type="submit">Sign in</button></div>
</form>
${
  view.authorization
    ? html`<p>New here? <a href="/signup?request=${encodeURIComponent(view.authorization.id)}">Create an account</a> with your first store, then come back here to connect the app.</p>`
    : html`<p>New here? <a href="/signup${view.next && view.next !== '/dashboard' ? `?next=${encodeURIComponent(view.next)}` : ''}">Create an account</a> with your first store.</p>`
}
${
  view.passwordReset
    ? html`<p class="muted"><a href="/password-reset">Forgot your password?</a></p>`
    : html`<p class="muted">Forgot your password? This service sends no reset mail: ask its operator for help.</p>`
}`,
  );
}
