/**
 * Renders the connected-app pages in Chromium and saves screenshots to docs/images/ (sign-in, store picker, consent),
 * on a throw-away SQLite database. Usage: node scripts/oauth-screenshots.ts (Connected Apps is a dashboard page:
 * scripts/dashboard-screenshots.ts renders it).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchChromium, startListeningApp } from '../test/helpers/chromium.ts';
import { client as jsonClient, signup } from '../test/helpers/merchants.ts';
import { authorizeQuery, pkce, registerClient } from '../test/helpers/oauth.ts';

const out = path.join(import.meta.dirname, '..', 'docs', 'images');
mkdirSync(out, { recursive: true });

const t = await startListeningApp('sqlite');
const chromium = await launchChromium();
try {
  const merchant = await signup(t.app, { email: 'ada@northwind.example', name: 'Ada Lovelace', storeName: 'Northwind Outfitters' });
  await jsonClient(t.app)('POST', '/v1/stores', { headers: merchant.auth, body: { name: 'Contoso Electronics' } });
  const redirectUri = 'https://analytics.acme.example/oauth/callback';
  const client = await registerClient(t.app, { client_name: 'Acme Analytics', redirect_uris: [redirectUri] });
  await chromium.context.route('https://analytics.acme.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Acme Analytics</h1>' }));

  const page = await chromium.context.newPage();
  await page.setViewportSize({ width: 900, height: 700 });
  const shot = (name: string) => page.screenshot({ path: path.join(out, name), fullPage: true });

  await page.goto(`${t.baseUrl}/oauth/authorize?${authorizeQuery(client, pkce().challenge, { scope: 'orders:read products:read analytics:read' })}`);
  await shot('oauth-sign-in.png');
  await page.getByLabel('Email').fill(merchant.email);
  await page.getByLabel('Password').fill(merchant.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Continue' }).waitFor();
  await shot('oauth-store-picker.png');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Allow' }).waitFor();
  await shot('oauth-consent.png');
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(`${redirectUri}?**`);
  process.stdout.write(`screenshots written to ${out}\n`);
} finally {
  await chromium.close();
  await t.close();
}
