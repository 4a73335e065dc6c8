/**
 * The storefront against a local service, in one command (README.md): `npm run storefront`.
 * - With PUBLISHABLE_KEY set: serves the shop with that key against API_URL (your store, your allowedOrigins).
 * - Without: uses npm start's demo merchant (data/demo-credentials.txt, or DEMO_EMAIL and DEMO_PASSWORD), adds this
 *   shop's origin to its test mode's allowedOrigins, makes a test publishable key, and fills the test mode with a small
 *   sample catalog if it is empty (demo.ts).
 * API_URL defaults to http://127.0.0.1:3000, PORT to 5180.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureStorefrontBuilt } from './build.ts';
import { prepareStore } from './demo.ts';
import { type StorefrontSettings, serveStorefront } from './server.ts';

const apiUrl = (process.env.API_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const port = Number(process.env.PORT ?? 5180);

function demoCredentials(): { email: string; password: string; storeId?: string } {
  if (process.env.DEMO_EMAIL && process.env.DEMO_PASSWORD) return { email: process.env.DEMO_EMAIL, password: process.env.DEMO_PASSWORD };
  const file = path.join(import.meta.dirname, '..', '..', 'data', 'demo-credentials.txt');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`No ${file}: start the service with npm start first (on a fresh SQLite database it creates the demo merchant), or set PUBLISHABLE_KEY.`);
  }
  const field = (name: string) => new RegExp(`^\\s*${name}:\\s*(\\S+)`, 'm').exec(text)?.[1];
  const email = field('email');
  const password = field('password');
  if (!email || !password) throw new Error(`${file} has no email and password.`);
  return { email, password, storeId: field('store') };
}

await ensureStorefrontBuilt((line) => process.stderr.write(`${line}\n`));
const settings: StorefrontSettings = { apiUrl, publishableKey: process.env.PUBLISHABLE_KEY ?? '' };
const shop = await serveStorefront({ port, settings: () => settings });
try {
  if (!settings.publishableKey) {
    const prepared = await prepareStore({ apiUrl, ...demoCredentials(), origin: shop.origin });
    settings.publishableKey = prepared.publishableKey;
    settings.storeName = prepared.storeName;
    process.stderr.write(`storefront: store "${prepared.storeName}" (test mode)${prepared.seeded ? ', sample catalog added' : ''}; key ${prepared.publishableKey}\n`);
  }
} catch (error) {
  await shop.close();
  process.stderr.write(`storefront: ${(error as Error).message}\n`);
  process.exit(1);
}
process.stderr.write(`storefront: open ${shop.origin} (test card 4242 4242 4242 4242; 3-D Secure: 4000 0027 6000 3184; code WELCOME10)\n`);
