import { html } from './html.ts';
import { layout } from './layout.ts';

/**
 * The page an authorization refused for want of `state` points to (`error_uri`): written for the developer of the
 * client, with exactly what to add.
 */
export function stateHelpPage(): string {
  return layout(
    'Add state to the authorization request',
    html`<h1>Add <code>state</code> to the authorization request</h1>
<p>This authorization server refuses an authorization request without <code>state</code> (<code>error=invalid_request</code>). The parameter protects the redirect back to your app against cross-site request forgery: your app must be able to tell that a code it receives answers a request it made.</p>
<h2>What to add</h2>
<ol>
<li>For each authorization, make a new random value (for example 32 hex characters, or a UUID from <code>crypto.randomUUID()</code>) and keep it with the PKCE <code>code_verifier</code>.</li>
<li>Add it to the authorization URL: <code>&amp;state=&lt;the value&gt;</code>, next to <code>code_challenge</code> and <code>code_challenge_method=S256</code>.</li>
<li>When the browser comes back to your <code>redirect_uri</code>, refuse the response unless its <code>state</code> is the value you sent; then exchange the <code>code</code>.</li>
</ol>
<h2>With the MCP TypeScript SDK</h2>
<p>The SDK clients (<code>@modelcontextprotocol/sdk</code> and <code>@modelcontextprotocol/client</code>) send <code>state</code> only when your <code>OAuthClientProvider</code> implements <code>state()</code>. Add it:</p>
<p><code>state() { return crypto.randomUUID(); }</code></p>
<p>and check the <code>state</code> query parameter in your redirect handler before calling <code>finishAuth(code)</code>.</p>
<p class="muted">The rest of the request is unchanged: <code>response_type=code</code>, <code>client_id</code>, <code>redirect_uri</code>, <code>code_challenge</code> with <code>code_challenge_method=S256</code>, and optionally <code>scope</code> and <code>resource</code>.</p>`,
    { wide: false },
  );
}
