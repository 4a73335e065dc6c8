import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { StoreContext } from '../context.ts';

/**
 * A 2025-era connection's session (`Mcp-Session-Id`, MCP 2025-11-25 "Session Management"), kept by the client, not the
 * server: the id carries what the client declared at `initialize` that later requests need (whether it can show the
 * merchant a form: `elicitation`), signed with HMAC-SHA256 under the connector's key (`server_secrets`) and bound to
 * the credential. Any instance reads any instance's sessions and nothing is stored, so the endpoint stays stateless;
 * the client sends the id back on every request, as the specification requires of it.
 *
 * Forging an id gains nothing (a client that says it cannot ask only keeps the `confirm` argument, which it could get by
 * not declaring elicitation); the signature makes an id another credential or another server wrote "not found".
 */
export interface LegacySession {
  /** The client declared form elicitation at `initialize`: the merchant is asked with `elicitation/create`. */
  elicitation: boolean;
}

const VERSION = 's1';

/** Who a session was issued to: the credential and the person behind it (not the store: a session token may switch). */
function holderOf(ctx: StoreContext): string {
  return createHash('sha256').update([ctx.credential, ctx.actor.type, ctx.actor.id, ctx.actor.userId ?? ''].join('\0')).digest('base64url').slice(0, 16);
}

function mac(key: Uint8Array, payload: string): Buffer {
  return createHmac('sha256', key).update(`mcp-session\0${payload}`).digest();
}

/** A new session id for a client that declared `session` at `initialize`: visible ASCII, about 100 characters. */
export function mintSession(key: Uint8Array, ctx: StoreContext, session: LegacySession): string {
  const payload = Buffer.from(JSON.stringify({ e: session.elicitation ? 1 : 0, h: holderOf(ctx), n: randomBytes(9).toString('base64url') })).toString('base64url');
  return `${VERSION}.${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The session an id names, or undefined when this server did not issue it to this credential (the client starts a new one). */
export function readSession(key: Uint8Array, ctx: StoreContext, id: string): LegacySession | undefined {
  const [version, payload, signature, ...rest] = id.split('.');
  if (version !== VERSION || payload === undefined || signature === undefined || rest.length > 0) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const { e, h } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { e?: unknown; h?: unknown };
    if (h !== holderOf(ctx)) return undefined;
    return { elicitation: e === 1 };
  } catch {
    return undefined;
  }
}

/**
 * Whether a client's declared capabilities include form elicitation: `elicitation: {}` (form, before modes existed) or
 * `elicitation: { form: {} }`; a client that declares URL mode only cannot show the form.
 */
export function declaresFormElicitation(capabilities: unknown): boolean {
  if (capabilities === null || typeof capabilities !== 'object') return false;
  const elicitation = (capabilities as { elicitation?: unknown }).elicitation;
  if (elicitation === null || typeof elicitation !== 'object') return false;
  const { form, url } = elicitation as { form?: unknown; url?: unknown };
  return form !== undefined || url === undefined;
}
