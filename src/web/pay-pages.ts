import { hash } from 'node:crypto';
import type { PayPageView } from '../domain/payments/provider-payment-service.ts';
import { currencyOf, fromMinor } from '../domain/shared/money.ts';
import type { PageSources } from '../http/security-headers.ts';
import { html, raw, type SafeHtml } from './html.ts';
import { layout } from './layout.ts';

/** An amount as shoppers read it: `$12.50`, `€9.00`, `¥1,200`. */
export function formatMoney(minor: number, currency: string): string {
  const c = currencyOf(currency);
  const amount = fromMinor(minor, c);
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency, minimumFractionDigits: c.digits, maximumFractionDigits: c.digits }).format(amount);
  } catch {
    return `${amount.toFixed(c.digits)} ${currency}`;
  }
}

/** What the card form sends back when it is refused: the values typed (never the CVC) and an error per field. */
export interface CardFormState {
  values?: { cardNumber?: string; expiry?: string } | undefined;
  errors?: Partial<Record<'cardNumber' | 'expiry' | 'cvc', string>> | undefined;
  /** a refusal of the whole attempt (the provider could not be reached) */
  error?: string | undefined;
}

function field(id: 'cardNumber' | 'expiry' | 'cvc', label: string, attrs: SafeHtml, state: CardFormState, hint: string): SafeHtml {
  const error = state.errors?.[id];
  const value = id === 'cvc' ? '' : (state.values?.[id] ?? '');
  return html`<div><label for="${id}">${label}</label>
<input id="${id}" name="${id}" type="text" ${attrs} required value="${value}" aria-describedby="${id}-hint${error ? ` ${id}-error` : ''}"${error ? html` aria-invalid="true"` : null}>
<p id="${id}-hint" class="muted hint">${hint}</p>
${error ? html`<p id="${id}-error" class="field-error">${label} ${error}.</p>` : null}</div>`;
}

function summary(view: PayPageView): SafeHtml {
  return html`<p class="muted">${view.storeName}${view.tenant.mode === 'test' ? html` <span class="tag">Test mode</span>` : null}</p>
<h1>Pay ${view.storeName}</h1>
<p class="amount">${formatMoney(view.amountMinor, view.currency)}</p>
${view.description ? html`<p>${view.description}</p>` : null}
${
  view.lines.length > 0
    ? html`<table><caption class="sr-only">Order ${view.orderNumber ?? ''}</caption><thead><tr><th scope="col">Item</th><th scope="col">Qty</th><th scope="col">Amount</th></tr></thead>
<tbody>${view.lines.map((l) => html`<tr><td>${l.name}</td><td>${String(l.quantity)}</td><td>${formatMoney(l.totalMinor, view.currency)}</td></tr>`)}</tbody></table>`
    : null
}`;
}

const TEST_HELP = html`<div class="notice"><p><strong>Test mode: no real money moves.</strong> Use any future expiry and any CVC with:</p>
<ul class="scopes"><li><code>4242 4242 4242 4242</code> succeeds</li><li><code>4000 0000 0000 0002</code> is declined</li>
<li><code>4000 0027 6000 3184</code> asks for a 3-D Secure check</li><li><code>4000 0000 0000 0077</code> succeeds a few seconds later</li></ul></div>`;

/** Where Stripe.js comes from: always Stripe's own host, never bundled or copied (Stripe's requirement). */
export const STRIPE_JS = 'https://js.stripe.com/v3/';

/**
 * The only script of ours on the pay page, inline and allowed by its hash alone: it mounts Stripe's Payment Element
 * with the store's publishable key and the attempt's client secret (read from the form's data attributes, so this
 * text never changes), and confirms the payment with Stripe on submit. Stripe sends the shopper back to the page,
 * whose server asks Stripe for the outcome; a refusal Stripe answers at once is shown in the alert.
 */
const STRIPE_GLUE = `(function(){var f=document.getElementById('stripe-form');if(!f)return;var m=document.getElementById('stripe-message');var b=f.querySelector('button');
function say(t){m.textContent=t;m.hidden=false;}
if(typeof Stripe!=='function'){say('The card form could not load. Check your connection and reload the page.');return;}
var s=Stripe(f.dataset.key);var e=s.elements({clientSecret:f.dataset.secret});var p=e.create('payment');p.mount('#stripe-element');p.on('ready',function(){b.disabled=false;});
f.addEventListener('submit',function(ev){ev.preventDefault();b.disabled=true;m.hidden=true;s.confirmPayment({elements:e,confirmParams:{return_url:f.dataset.returnUrl}}).then(function(r){if(r.error){say((r.error.message||'The payment did not go through.')+' Nothing was charged.');b.disabled=false;}});});})();`;

/**
 * What the pay page allows when Stripe's card fields are on it, exactly the sources Stripe's security guide lists for
 * Stripe.js and nothing more (docs/payments.md): its script from js.stripe.com (and its subdomains), its frames (the
 * fields and the 3-D Secure check, hooks.stripe.com), its calls to api.stripe.com; plus our glue by its hash. Google
 * Maps, which Stripe lists for the Address Element only, is not allowed: the page does not use that element.
 */
export const STRIPE_PAGE_SOURCES: Required<PageSources> = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com', `'sha256-${hash('sha256', STRIPE_GLUE, 'base64')}'`],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

function stripeForm(view: PayPageView, checkout: NonNullable<PayPageView['checkout']>): SafeHtml {
  return html`<form id="stripe-form" data-key="${checkout.publishableKey}" data-secret="${checkout.clientSecret}" data-return-url="${checkout.returnUrl}">
<div id="stripe-element"></div>
<p id="stripe-message" class="error" role="alert" hidden></p>
<noscript><p class="error">Paying by card here needs JavaScript: the card fields are the payment provider's own (Stripe), so your card details go only to it. Turn JavaScript on, or contact ${view.storeName} to pay another way.</p></noscript>
<button class="primary wide" type="submit" disabled>Pay ${formatMoney(view.amountMinor, view.currency)}</button>
</form>
<script src="${STRIPE_JS}"></script>
<script>${raw(STRIPE_GLUE)}</script>`;
}

/**
 * The pay page of a link (GET /pay/{token}): the store, the amount, the description and an order link's lines, then
 * what can happen now: the card form, the outcome of the last attempt (read from the provider by the server), or why
 * the link cannot be paid.
 */
export function payPage(view: PayPageView, form: { csrf: string; token: string; state?: CardFormState }): string {
  const { attempt } = view;
  let body: SafeHtml;
  if (view.linkStatus === 'paid') {
    const held = attempt?.status === 'authorized';
    body = html`<p class="ok" role="status">${held ? `Your payment is authorized: ${view.storeName} will take it when it processes your order. Thank you.` : 'This link has been paid. Thank you.'}</p>
${view.returnUrl ? html`<p><a href="${view.returnUrl}">Back to ${view.storeName}</a></p>` : null}`;
  } else if (view.linkStatus === 'expired') {
    body = html`<p class="error" role="alert">This payment link has expired. Ask ${view.storeName} for a new one.</p>`;
  } else if (view.linkStatus === 'cancelled') {
    body = html`<p class="error" role="alert">This payment link was cancelled by ${view.storeName}. Nothing was charged through it.</p>`;
  } else if (attempt?.status === 'processing') {
    // No automatic refresh (a timed reload fails WCAG 2.2.1): the shopper asks again, and the server asks the provider.
    body = html`<p class="notice" role="status">Your payment is being processed. This takes a few seconds: nothing more is needed from you.</p>
<p><a href="/pay/${form.token}">Check the payment again</a></p>`;
  } else if (attempt && (attempt.status === 'succeeded' || attempt.status === 'authorized')) {
    body = html`<p class="ok" role="status">Your payment was received. ${view.storeName} will be in touch about it.</p>`;
  } else if (view.unavailable) {
    body = html`<p class="error" role="alert">${view.unavailable}</p>`;
  } else {
    const state = form.state ?? {};
    const declined = attempt && (attempt.status === 'failed' || attempt.status === 'canceled') ? (attempt.failureMessage ?? 'The payment did not go through.') : null;
    body = html`${declined ? html`<p class="error" role="alert">${declined} Nothing was charged. Check the card or use another one, and try again.</p>` : null}
${state.error ? html`<p class="error" role="alert">${state.error}</p>` : null}
${view.checkout ? stripeForm(view, view.checkout) : html`${view.tenant.mode === 'test' ? TEST_HELP : null}
<form method="post" action="/pay/${form.token}" novalidate>
<input type="hidden" name="csrf" value="${form.csrf}">
${field('cardNumber', 'Card number', html`inputmode="numeric" autocomplete="cc-number" maxlength="23"`, state, 'The 13 to 19 digits on the front of the card.')}
<div class="row">
${field('expiry', 'Expiry', html`inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM / YY"`, state, 'Month and year, MM / YY.')}
${field('cvc', 'CVC', html`inputmode="numeric" autocomplete="cc-csc" maxlength="4"`, state, '3 or 4 digits on the back.')}
</div>
<button class="primary wide" type="submit">Pay ${formatMoney(view.amountMinor, view.currency)}</button>
</form>`}`;
  }
  const title = `Pay ${view.storeName}`;
  return layout(title, html`${summary(view)}${body}`);
}

/** A token no link has. */
export function payLinkUnknownPage(): string {
  return layout('Payment link not found', html`<h1>Payment link not found</h1><p class="error" role="alert">No payment link has this address. Check the link you were sent, or ask the store for a new one.</p>`);
}

/** The test provider's 3-D Secure challenge (GET /test-provider/challenge/{id}): Complete or Fail, nothing else. */
export function testChallengePage(view: { id: string; amount: string; csrf: string }): string {
  return layout(
    '3-D Secure check',
    html`<p class="brand">Test provider <span class="tag">Test mode</span></p>
<h1>3-D Secure check</h1>
<p>Your bank asks you to confirm a payment of <strong>${view.amount}</strong>. This is the test provider's stand-in for that check: choose what the bank answers.</p>
<form method="post" action="/test-provider/challenge/${view.id}">
<input type="hidden" name="csrf" value="${view.csrf}">
<div class="actions"><button class="primary" type="submit" name="outcome" value="complete">Complete</button>
<button class="danger" type="submit" name="outcome" value="fail">Fail</button></div>
</form>`,
  );
}
