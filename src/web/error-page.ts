import { html } from './html.ts';
import { layout } from './layout.ts';

/** A page for a request that cannot go on (an unknown app or redirect URI, an expired request, a bad form). */
export function errorPage(title: string, message: string): string {
  return layout(title, html`<h1>${title}</h1><p class="error" role="alert">${message}</p><p class="muted">You can close this page.</p>`);
}
