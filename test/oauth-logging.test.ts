import assert from 'node:assert/strict';
import { it } from 'node:test';
import { startTestApp } from './helpers/app.ts';
import { databaseKinds } from './helpers/databases.ts';
import { signup } from './helpers/merchants.ts';
import { authorize, Browser, encodeForm, pkce, refresh, registerClient, tokenRequest } from './helpers/oauth.ts';

it('never logs tokens, codes, verifiers, passwords or authorization responses', async () => {
  const lines: string[] = [];
  const t = await startTestApp(databaseKinds()[0]!, { logStream: { write: (line) => lines.push(line) } });
  try {
    const merchant = await signup(t.app);
    const client = await registerClient(t.app);
    const { verifier, challenge } = pkce();
    const browser = new Browser(t.app);
    const { code, location } = await authorize(t.app, merchant, client, { challenge, query: { scope: 'orders:read' }, browser });
    const tokens = await tokenRequest(t.app, { grant_type: 'authorization_code', code: code!, redirect_uri: client.redirect_uris[0], client_id: client.client_id, code_verifier: verifier });
    const replay = await tokenRequest(t.app, { grant_type: 'authorization_code', code: code!, redirect_uri: client.redirect_uris[0], client_id: client.client_id, code_verifier: verifier });
    assert.equal(replay.status, 400);
    const second = await authorize(t.app, merchant, client, { browser, query: { scope: 'orders:read' } });
    await t.app.inject({ method: 'GET', url: '/v1/users/me/permissions', headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    await t.app.inject({ method: 'GET', url: `/v1/users/me/permissions?access_token=${tokens.body.access_token}` });
    const rotated = await refresh(t.app, { client: { ...client }, refreshToken: tokens.body.refresh_token });
    await t.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: encodeForm({ token: rotated.body?.refresh_token ?? 'x', client_id: client.client_id }),
    });
    const secrets = {
      code: code!,
      secondCode: second.code!,
      verifier,
      password: merchant.password,
      sessionToken: merchant.token,
      browserSession: browser.cookies.get('cs_session')!,
      accessToken: tokens.body.access_token,
      refreshToken: tokens.body.refresh_token,
      rotatedRefreshToken: rotated.body?.refresh_token ?? 'none',
      authorizationResponse: location.search,
    };
    const log = lines.join('\n');
    assert.ok(lines.length > 20, 'requests were logged');
    for (const [name, value] of Object.entries(secrets)) {
      assert.ok(!log.includes(value), `${name} appears in the logs`);
      assert.ok(!log.includes(encodeURIComponent(value)), `${name} (URL-encoded) appears in the logs`);
    }
  } finally {
    await t.close();
  }
});
