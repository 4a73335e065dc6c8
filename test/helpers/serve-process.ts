import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const MAIN = path.join(import.meta.dirname, '..', '..', 'src', 'main.ts');

export interface ServeProcess {
  child: ChildProcess;
  /** The base URL, once it says it listens. */
  url: Promise<string>;
  /** Resolves when the process has exited (at once if it has). */
  exited(): Promise<void>;
}

/**
 * `serve` as a real process on `databaseUrl`: on a free loopback port, logging off, no demo data, no cleanup job,
 * with `env` on top of the test's environment (less the variables named in `unset`). `lines` gets what it prints.
 */
export function serveProcess(databaseUrl: string, env: Record<string, string>, options: { unset?: readonly string[]; lines?: string[] } = {}): ServeProcess {
  const inherited = { ...process.env };
  for (const name of options.unset ?? []) delete inherited[name];
  const child = spawn(process.execPath, [MAIN, 'serve'], {
    env: { ...inherited, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false', CLEANUP_INTERVAL_MINUTES: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.resume();
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 60_000);
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      options.lines?.push(...String(chunk).split('\n').filter(Boolean));
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
  const exited = () => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
  return { child, url, exited };
}

/** A JSON request over real HTTP. */
export async function json(base: string, method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${base}${url}`, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

/** A new merchant with an active product of one SKU (5,000 in stock) and a customer, made over HTTP. */
export async function shopOverHttp(base: string): Promise<{ auth: Record<string, string>; skuId: string; customerId: string }> {
  const signed = await json(base, 'POST', '/v1/auth/signup', {}, { email: `crash${Date.now()}@example.com`, password: 'correct horse battery staple', name: 'Crash', storeName: 'Crash Shop' });
  assert.equal(signed.status, 201);
  const auth = { authorization: `Bearer ${signed.body.data.token}` };
  const product = await json(base, 'POST', '/v1/products', auth, { type: 'VARIABLE', name: 'Tee' });
  const group = await json(base, 'POST', `/v2/products/${product.body.data.id}/variant-groups`, auth, {
    attributeName: 'Color',
    attributeValue: 'Red',
    skus: [{ price: 10, quantityInStock: 5000, attributes: { Size: 'M' } }],
  });
  assert.equal(group.status, 201);
  assert.equal((await json(base, 'PATCH', `/v1/products/${product.body.data.id}`, auth, { status: 'active' })).status, 200);
  const customer = await json(base, 'POST', '/v1/customers', auth, { name: 'Casey', email: 'casey@example.com' });
  assert.equal(customer.status, 201);
  return { auth, skuId: group.body.data.skus[0].id as string, customerId: customer.body.data.id as string };
}

/** Every order of the store, newest first, read page by page. */
export async function allOrders(base: string, auth: Record<string, string>): Promise<Array<{ id: string; number: string }>> {
  const orders: Array<{ id: string; number: string }> = [];
  let cursor: string | null = null;
  do {
    const page = await json(base, 'GET', `/v1/orders?limit=100${cursor ? `&cursor=${cursor}` : ''}`, auth);
    orders.push(...page.body.data);
    cursor = page.body.pagination.nextCursor;
  } while (cursor);
  return orders;
}
