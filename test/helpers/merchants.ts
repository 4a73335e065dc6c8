import type { FastifyInstance } from 'fastify';
import { containerOf } from './app.ts';

let counter = 0;

export interface Merchant {
  token: string;
  userId: string;
  email: string;
  password: string;
  storeId: string;
  /** Authorization header for this merchant's session. */
  auth: Record<string, string>;
}

/**
 * Marks the account's email verified, as opening the link mailed to it does (tests of that flow open the real link:
 * test/account-email.test.ts). A fixture for tests about other things, such as accepting invitations by hand.
 */
export async function markEmailVerified(app: FastifyInstance, userId: string): Promise<void> {
  const container = containerOf(app);
  if (!container) throw new Error('markEmailVerified needs an app of startTestApp');
  await container.db.kysely.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('id', '=', userId).execute();
}

/**
 * Signs a new merchant up through the API; every call gets a fresh email. Their email counts as verified (as if they
 * had opened the verification link) unless `verified: false`, on an app of `startTestApp`.
 */
export async function signup(app: FastifyInstance, overrides: { email?: string; storeName?: string; name?: string; verified?: boolean } = {}): Promise<Merchant> {
  counter += 1;
  const email = overrides.email ?? `merchant${counter}.${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  const res = await app.inject({
    method: 'POST',
    url: '/v1/auth/signup',
    payload: { email, password, name: overrides.name ?? `Merchant ${counter}`, storeName: overrides.storeName ?? `Store ${counter}` },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const { data } = res.json();
  // An app reached only over HTTP (the cluster suite's balancer) has no database at hand: its accounts stay unverified.
  if (overrides.verified !== false && containerOf(app)) await markEmailVerified(app, data.user.id);
  return { token: data.token, userId: data.user.id, email, password, storeId: data.store.id, auth: { authorization: `Bearer ${data.token}` } };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** A small JSON client over `app.inject`. */
export function client(app: FastifyInstance) {
  return async (method: Method, url: string, options: { headers?: Record<string, string>; body?: unknown } = {}) => {
    const res = await app.inject({ method, url, headers: options.headers, ...(options.body === undefined ? {} : { payload: options.body as object }) });
    let json: any;
    try {
      json = res.body === '' ? undefined : res.json();
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, headers: res.headers, body: json, raw: res.body };
  };
}

/** Creates an API key for the merchant's (or the given) store and returns the secret. */
export async function createApiKey(
  app: FastifyInstance,
  merchant: Merchant,
  body: { name?: string; mode?: 'live' | 'test'; permissions?: string[] } = {},
  headers: Record<string, string> = {},
): Promise<{ id: string; key: string; prefix: string }> {
  const res = await app.inject({ method: 'POST', url: '/v1/api-keys', headers: { ...merchant.auth, ...headers }, payload: { name: 'test key', ...body } });
  if (res.statusCode !== 201) throw new Error(`api key failed: ${res.statusCode} ${res.body}`);
  const { data } = res.json();
  return { id: data.id, key: data.key, prefix: data.prefix };
}

/**
 * Has a new merchant join `owner`'s store with `role`, by invitation (made with `owner`'s session) and acceptance;
 * returns them with `X-MerchantId` set to that store.
 */
export async function joinStore(app: FastifyInstance, owner: Merchant, role: 'owner' | 'admin' | 'staff'): Promise<Merchant> {
  const call = client(app);
  const person = await signup(app);
  const invite = await call('POST', '/v1/members/invitations', { headers: owner.auth, body: { email: person.email, role } });
  if (invite.status !== 201) throw new Error(`invitation failed: ${invite.status} ${invite.raw}`);
  const accept = await call('POST', '/v1/invitations/accept', { headers: person.auth, body: { token: invite.body.data.token } });
  if (accept.status !== 200) throw new Error(`acceptance failed: ${accept.status} ${accept.raw}`);
  return { ...person, storeId: owner.storeId, auth: { ...person.auth, 'x-merchantid': owner.storeId } };
}
