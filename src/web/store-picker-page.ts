import { html } from './html.ts';
import { layout } from './layout.ts';

export interface StorePickerView {
  csrf: string;
  requestId: string;
  clientName: string;
  stores: Array<{ id: string; name: string }>;
  email: string;
}

/** The store picker: one choice per store, labelled with its name, and "Continue". */
export function storePickerPage(view: StorePickerView): string {
  const choices = view.stores.map(
    (store, i) =>
      html`<div class="choice"><input type="radio" id="store-${i}" name="store" value="${store.id}" required${i === 0 ? html` checked` : null}><label for="store-${i}">${store.name}</label></div>`,
  );
  return layout(
    'Choose a store',
    html`<h1>Which store should “${view.clientName}” connect to?</h1>
<p>The app <strong>${view.clientName}</strong> <span class="tag">not verified</span> asks to access one of your stores. You will see what it asks for next.</p>
<form method="post" action="/oauth/authorize/${view.requestId}/store">
<input type="hidden" name="csrf" value="${view.csrf}">
<fieldset><legend>Store</legend>${choices}</fieldset>
<div class="actions"><button class="primary" type="submit">Continue</button></div>
</form>
<p class="muted">Signed in as ${view.email}.</p>`,
  );
}
