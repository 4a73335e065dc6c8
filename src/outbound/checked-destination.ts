import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { type AddressKind, addressKind, mayFetchFrom } from './address-policy.ts';

/** Resolves a host name to every address DNS gives for it (a seam: tests can answer for a name). */
export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, order: 'verbatim' });

export interface PinnedAddress {
  address: string;
  family: number;
}

/** Where an outbound request may go, or why not; each caller words the refusal for its own readers. */
export type CheckedDestination =
  | {
      ok: true;
      hostname: string;
      literal: boolean;
      /** Every address the host resolved to, each allowed, in the resolver's order: the ones to connect to. */
      addresses: readonly [PinnedAddress, ...PinnedAddress[]];
    }
  | { ok: false; problem: 'timeout'; hostname: string }
  | { ok: false; problem: 'unresolved'; hostname: string; code: string | undefined; message: string | undefined }
  | { ok: false; problem: 'forbidden'; hostname: string; literal: boolean; address: string; kind: Exclude<AddressKind, 'public'> }
  | { ok: false; problem: 'http-beyond-loopback' };

/**
 * The server-side request forgery check of every outbound request (Client ID Metadata Documents, webhook deliveries):
 * the host is resolved once (an IP literal is its own address) and **every** address it resolves to must be allowed by
 * `address-policy.ts` (public; loopback only with `allowLoopback`). Those checked addresses are the only ones to
 * connect to: callers pin them (`pinnedLookup`), so a second DNS answer (rebinding) is never used, and a connection
 * that fails on the first tries the next. Plain http is allowed only when every address is loopback. `signal` bounds
 * the resolution. The URL's scheme and credentials are the caller's to check before.
 */
export async function checkDestination(url: URL, options: { allowLoopback: boolean; resolve: Resolve; signal?: AbortSignal }): Promise<CheckedDestination> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(hostname) !== 0;
  let addresses: PinnedAddress[];
  if (literal) {
    addresses = [{ address: hostname, family: isIP(hostname) }];
  } else {
    const { signal } = options;
    try {
      addresses = await (signal
        ? Promise.race([
            options.resolve(hostname),
            new Promise<never>((_, reject) => {
              if (signal.aborted) reject(signal.reason);
              signal.addEventListener('abort', () => reject(signal.reason), { once: true });
            }),
          ])
        : options.resolve(hostname));
    } catch (error) {
      if (signal?.aborted) return { ok: false, problem: 'timeout', hostname };
      return { ok: false, problem: 'unresolved', hostname, code: (error as NodeJS.ErrnoException).code, message: (error as Error).message };
    }
  }
  if (addresses.length === 0) return { ok: false, problem: 'unresolved', hostname, code: undefined, message: undefined };
  for (const { address } of addresses) {
    if (!mayFetchFrom(address, { allowLoopback: options.allowLoopback })) {
      return { ok: false, problem: 'forbidden', hostname, literal, address, kind: addressKind(address) as Exclude<AddressKind, 'public'> };
    }
  }
  if (url.protocol === 'http:' && addresses.some(({ address }) => addressKind(address) !== 'loopback')) return { ok: false, problem: 'http-beyond-loopback' };
  return { ok: true, hostname, literal, addresses: addresses as [PinnedAddress, ...PinnedAddress[]] };
}

/**
 * A `lookup` for `http.request` or an agent that answers every name with the checked addresses: all of them when the
 * connection asks for all (Node's default, `autoSelectFamily`: it tries them in turn, so an address that refuses or
 * does not answer falls back to the next), else the first.
 */
export function pinnedLookup(pinned: readonly [PinnedAddress, ...PinnedAddress[]]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, pinned.map(({ address, family }) => ({ address, family })));
    else callback(null, pinned[0].address, pinned[0].family);
  };
}

/**
 * How long a connection attempt to one checked address may take before the next is tried (`autoSelectFamilyAttemptTimeout`):
 * a quarter of the request's whole deadline, between 250 ms (Node's default) and 2.5 s, so a receiver far away is not
 * given up on while it answers its first address, and a dead address leaves time for the others.
 */
export function connectAttemptTimeoutMs(deadlineMs: number): number {
  return Math.max(250, Math.min(2500, Math.floor(deadlineMs / 4)));
}
