import { html, type SafeHtml } from './html.ts';
import { layout } from './layout.ts';

/** The fields of the sign-up form, as `POST /v1/auth/signup` names them. */
export const SIGN_UP_FIELDS = ['name', 'email', 'password', 'storeName'] as const;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];

export interface SignUpView {
  csrf: string;
  /** What was typed (never the password), to show again after a refusal. */
  values?: Partial<Record<Exclude<SignUpField, 'password'>, string>> | undefined;
  /** Why a field was refused, in the API's words ("must be at least 12 characters"), shown next to it. */
  fieldErrors?: Partial<Record<SignUpField, string>> | undefined;
  /** A refusal that is not about one field (too many sign-ups from this address). */
  error?: string | undefined;
  /** Where to go once signed up (a dashboard path), when not continuing an authorization request. */
  next?: string | undefined;
  /** The authorization request to continue once signed up (from the sign-in page of `/oauth/authorize`). */
  authorization?: { id: string; clientName: string } | undefined;
}

const LABELS: Record<SignUpField, string> = { name: 'Your name', email: 'Email', password: 'Password', storeName: 'Store name' };

/** A labelled input with its hint and its error, both tied to it for screen readers. */
function input(view: SignUpView, field: SignUpField, attributes: { type: string; autocomplete: string; maxlength: number; minlength?: number; hint?: SafeHtml }): SafeHtml {
  const error = view.fieldErrors?.[field];
  const value = field === 'password' ? '' : (view.values?.[field] ?? '');
  const describedBy = [attributes.hint ? `${field}-hint` : null, error ? `${field}-error` : null].filter(Boolean).join(' ');
  return html`<label for="${field}">${LABELS[field]}</label>
<input id="${field}" name="${field}" type="${attributes.type}" autocomplete="${attributes.autocomplete}" required maxlength="${attributes.maxlength}"${
    attributes.minlength ? html` minlength="${attributes.minlength}"` : null
  } value="${value}"${describedBy ? html` aria-describedby="${describedBy}"` : null}${error ? html` aria-invalid="true"` : null}>
${attributes.hint ? html`<p id="${field}-hint" class="muted hint">${attributes.hint}</p>` : null}
${error ? html`<p id="${field}-error" class="field-error">${LABELS[field]} ${error}.</p>` : null}`;
}

/**
 * Sign-up: a name, an email, a password and the first store's name; creates the account and its store (the merchant
 * owns it) and signs in. A refused field is shown again with the reason next to it. "Sign in" links back to the
 * sign-in page the person came from: the authorization request's, or the dashboard's with the same `next`.
 */
export function signUpPage(view: SignUpView): string {
  const signIn = view.authorization
    ? `/oauth/authorize/${encodeURIComponent(view.authorization.id)}`
    : `/login${view.next ? `?next=${encodeURIComponent(view.next)}` : ''}`;
  const errorCount = Object.keys(view.fieldErrors ?? {}).length;
  return layout(
    'Create an account',
    html`<h1>Create an account</h1>
<p>and your first store. You own it; you can invite others and open more stores later.</p>
${
  view.authorization
    ? html`<p>Then you can connect the app <strong>${view.authorization.clientName}</strong> <span class="tag">not verified</span> to your store.</p>`
    : null
}
${view.error ? html`<p class="error" role="alert">${view.error}</p>` : null}
${errorCount > 0 ? html`<p class="error" role="alert">${errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} a change: see below.</p>` : null}
<form method="post" action="/signup" novalidate>
<input type="hidden" name="csrf" value="${view.csrf}">
${view.authorization ? html`<input type="hidden" name="request" value="${view.authorization.id}">` : null}
${view.next && !view.authorization ? html`<input type="hidden" name="next" value="${view.next}">` : null}
${input(view, 'name', { type: 'text', autocomplete: 'name', maxlength: 200 })}
${input(view, 'email', { type: 'email', autocomplete: 'email', maxlength: 320, hint: html`You sign in with it. To join a store you were invited to, use the email the invitation was made out to.` })}
${input(view, 'password', { type: 'password', autocomplete: 'new-password', maxlength: 256, minlength: 12, hint: html`At least 12 characters.` })}
${input(view, 'storeName', { type: 'text', autocomplete: 'organization', maxlength: 200, hint: html`You can change it later under Settings.` })}
<div class="actions"><button class="primary" type="submit">Create account</button></div>
</form>
<p class="muted">Already have an account? <a href="${signIn}">Sign in</a>.</p>`,
  );
}
