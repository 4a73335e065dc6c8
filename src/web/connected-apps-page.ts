import { SCOPE_DESCRIPTIONS } from '../domain/oauth/scopes.ts';
import type { ConnectedApp } from '../domain/oauth/types.ts';
import { html } from './html.ts';
import { layout } from './layout.ts';

export interface ConnectedAppsView {
  csrf: string;
  email: string;
  apps: ConnectedApp[];
  notice?: string | undefined;
}

/** `2026-11-22 03:04 UTC` */
function when(date: Date | null): string {
  return date === null ? 'Never' : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The dashboard's Connected Apps: each app with its store, scopes, who approved it and when, last use, and "Remove".
 * The service decides what is listed (every app of the stores the merchant manages, their own approvals elsewhere).
 */
export function connectedAppsPage(view: ConnectedAppsView): string {
  const rows = view.apps.map(
    (app) => html`<tr>
<td><strong>${app.clientName}</strong> <span class="tag">not verified</span><br><span class="muted">${app.redirectHosts.join(', ')}</span></td>
<td>${app.store.name}</td>
<td><ul>${app.scopes.map((s) => html`<li>${SCOPE_DESCRIPTIONS[s]} <code>${s}</code></li>`)}</ul></td>
<td><ul class="plain">${app.approvedBy.map((a) => html`<li>${a.email}</li>`)}</ul></td>
<td>${when(app.approvedAt)}</td>
<td>${when(app.lastUsedAt)}</td>
<td><form method="post" action="/dashboard/connected-apps/remove">
<input type="hidden" name="csrf" value="${view.csrf}"><input type="hidden" name="clientId" value="${app.clientId}"><input type="hidden" name="storeId" value="${app.store.id}">
<button class="danger" type="submit">Remove<span class="sr-only"> ${app.clientName} from ${app.store.name}</span></button></form></td>
</tr>`,
  );
  return layout(
    'Connected apps',
    html`<div class="bar"><h1>Connected apps</h1>
<form method="post" action="/sign-out"><input type="hidden" name="csrf" value="${view.csrf}"><button type="submit">Sign out</button></form></div>
<p class="muted">Apps connected to your stores, signed in as ${view.email}: every app in the stores whose settings you manage, and the apps you approved elsewhere. Removing an app stops its access at once.</p>
${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : null}
${
  view.apps.length === 0
    ? html`<p>No apps are connected.</p>`
    : html`<table><caption class="sr-only">Connected apps</caption><thead><tr><th scope="col">App</th><th scope="col">Store</th><th scope="col">It can</th><th scope="col">Approved by</th><th scope="col">Approved</th><th scope="col">Last used</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table>`
}`,
    { wide: true },
  );
}
