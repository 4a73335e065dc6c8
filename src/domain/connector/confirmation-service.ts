import { randomBytes } from 'node:crypto';

/**
 * What the AI connector keeps so that the merchant, not the model, confirms a destructive tool call (docs/mcp.md,
 * "Confirmation"): the key that signs the state a confirmation round carries, and which acceptances were acted on.
 * Both live in the database, so every instance shares them and none keeps anything of its own between requests.
 */
export interface ConfirmationStorage {
  /** The named key: the stored one, or `made` stored now if no instance stored one before (the first writer wins). */
  secret(name: string, made: string, now: Date): Promise<string>;
  /** Records that the acceptance carried under `nonce` was acted on; false when it already was. */
  spend(nonce: string, expiresAt: Date): Promise<boolean>;
}

const STATE_KEY = 'mcp-request-state';

export function createConfirmationService(deps: { storage: ConfirmationStorage; clock?: () => Date }) {
  const clock = deps.clock ?? (() => new Date());
  let key: Promise<Uint8Array> | undefined;
  return {
    /** The 256-bit key that signs the connector's `requestState`, made on first use; read once per process. */
    stateKey(): Promise<Uint8Array> {
      key ??= deps.storage.secret(STATE_KEY, randomBytes(32).toString('base64url'), clock()).then(
        (value) => new Uint8Array(Buffer.from(value, 'base64url')),
        (error: unknown) => {
          key = undefined; // a database outage is not remembered: the next call reads again
          throw error;
        },
      );
      return key;
    },
    /** True the first time an acceptance is acted on, false every time after (across instances). */
    spend(nonce: string, expiresAt: Date): Promise<boolean> {
      return deps.storage.spend(nonce, expiresAt);
    },
  };
}

export type ConfirmationService = ReturnType<typeof createConfirmationService>;
