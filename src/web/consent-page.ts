import { SCOPE_DESCRIPTIONS, type Scope } from '../domain/oauth/scopes.ts';
import { html } from './html.ts';
import { layout } from './layout.ts';

export interface ConsentView {
  csrf: string;
  requestId: string;
  clientName: string;
  /** The host of the app's `client_id` URL when a Client ID Metadata Document describes it; null for a registered app. */
  clientIdHost: string | null;
  redirectHost: string;
  localhostOnly: boolean;
  store: { name: string };
  offered: Scope[];
  withheld: Scope[];
  email: string;
}

const scopeList = (scopes: Scope[]) => scopes.map((s) => html`<li>${SCOPE_DESCRIPTIONS[s]} <code>${s}</code></li>`);

/**
 * The consent page: the app's name marked as not verified, who publishes its description (the host of its `client_id`
 * URL, for an app described by a Client ID Metadata Document), where the browser goes next (the redirect host), the
 * store, and what the app will be able to do in plain words; "Allow" and "Deny". Nothing of the app's is loaded (no
 * logo: the page's CSP allows no outside images), only its name and hosts shown as text.
 */
export function consentPage(view: ConsentView): string {
  return layout(
    'Allow access?',
    html`<h1>Allow “${view.clientName}” to access ${view.store.name}?</h1>
${
  view.clientIdHost === null
    ? html`<p><strong>${view.clientName}</strong> <span class="tag">not verified</span> — anyone can register an app under any name; we have not checked who made this one.</p>`
    : html`<p><strong>${view.clientName}</strong> <span class="tag">not verified</span> — this name comes from the app’s own description, published at <strong>${view.clientIdHost}</strong>; we have not checked who made the app.</p>
<p>client_id host: <strong data-testid="client-id-host">${view.clientIdHost}</strong>. Allow it only if you expect an app from ${view.clientIdHost}.</p>`
}
${
  view.localhostOnly
    ? html`<p class="notice" role="note">This app only accepts answers on this computer (<strong>${view.redirectHost}</strong>). Allow it only if you started it yourself just now.</p>`
    : null
}
<h2>If you allow it, the app will be able to:</h2>
<ul class="scopes">${scopeList(view.offered)}</ul>
${
  view.withheld.length > 0
    ? html`<h2>Not included</h2><p class="muted">The app also asked for these, but your role in ${view.store.name} does not allow them, so it will not get them:</p><ul class="scopes">${scopeList(view.withheld)}</ul>`
    : null
}
<p>Store: <strong>${view.store.name}</strong> (live data). After you decide, you will be sent back to <strong>${view.redirectHost}</strong>.</p>
<p class="muted">You can remove the app at any time under <a href="/dashboard/connected-apps">Connected apps</a> in the dashboard. Signed in as ${view.email}.</p>
<form method="post" action="/oauth/authorize/${view.requestId}/decision">
<input type="hidden" name="csrf" value="${view.csrf}">
<div class="actions"><button class="primary" type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny">Deny</button></div>
</form>`,
  );
}
