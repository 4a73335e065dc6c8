import { randomBytes } from 'node:crypto';
import { AppError } from '../../errors.ts';
import { decide, hashIdempotencyKey, IDEMPOTENCY_LOCK_MS, IDEMPOTENCY_WINDOW_MS, type IdempotencyRecord, isReplayable, openResponse, requestFingerprint, type SavedResponse, sealingKey, sealResponse } from './idempotency-rules.ts';

/**
 * What the idempotency service needs from storage (`src/db/idempotency-repo.ts`). Every method takes the scope
 * first; `claim` and `takeOver` must be atomic, so that of two parallel requests exactly one holds the key.
 */
export interface IdempotencyStorage {
  /** Inserts the record unless (scope, keyHash) exists; true when inserted. */
  claim(record: IdempotencyRecord): Promise<boolean>;
  find(scope: string, keyHash: string): Promise<IdempotencyRecord | undefined>;
  /** Replaces the record only while it still has `previousClaimId`; true when replaced. */
  takeOver(scope: string, keyHash: string, previousClaimId: string, record: IdempotencyRecord): Promise<boolean>;
  /** Saves the response, only while `claimId` holds the key; true when saved. */
  complete(scope: string, keyHash: string, claimId: string, status: number, sealed: string): Promise<boolean>;
  /** Frees the key, only while `claimId` holds it. */
  release(scope: string, keyHash: string, claimId: string): Promise<void>;
  /** Deletes keys past their window; returns how many. */
  purgeExpired(now: Date): Promise<number>;
}

/** A key this request holds until it completes or releases it. */
export interface IdempotencyClaim {
  scope: string;
  keyHash: string;
  claimId: string;
  sealingKey: Buffer;
}

export type BeginResult = { kind: 'proceed'; claim: IdempotencyClaim } | { kind: 'replay'; response: SavedResponse };

const HEADER = 'Idempotency-Key';

/** Expired keys are deleted on every this-many new claims, so the table does not grow without bound. */
const PURGE_EVERY = 100;

/**
 * `Idempotency-Key` for POST requests: the first request with a key runs and its response is saved; the same request
 * again within 24 hours gets that response back without running; another request with the key is refused.
 */
export function createIdempotencyService(deps: { store: IdempotencyStorage }) {
  const { store } = deps;
  let claims = 0;

  return {
    /**
     * Claims `key` for this request, or answers with the saved response. Throws 422 IDEMPOTENCY_KEY_REUSED when the
     * key belongs to another request and 409 IDEMPOTENCY_KEY_IN_PROGRESS while its first request is running.
     * `scope` names whose key it is (store, mode and credential); the same key in another scope is another key.
     */
    async begin(input: { scope: string; key: string; method: string; path: string; body: unknown; now: Date }): Promise<BeginResult> {
      const { scope, now } = input;
      const keyHash = hashIdempotencyKey(input.key);
      const attempt = { method: input.method.toUpperCase(), path: input.path, fingerprint: requestFingerprint(input.method, input.path, input.body) };
      const claimId = randomBytes(16).toString('hex');
      const record: IdempotencyRecord = {
        scope,
        keyHash,
        claimId,
        ...attempt,
        responseStatus: null,
        responseSealed: null,
        createdAt: now,
        lockedUntil: new Date(now.getTime() + IDEMPOTENCY_LOCK_MS),
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_WINDOW_MS),
      };
      const claim: IdempotencyClaim = { scope, keyHash, claimId, sealingKey: sealingKey(input.key, scope) };

      claims += 1;
      if (claims % PURGE_EVERY === 0) await store.purgeExpired(now);

      // Two rounds are enough: a row can vanish (purged) or change hands (taken over) between our reads at most once
      // in any realistic race; after that the caller is told to retry.
      for (let round = 0; round < 3; round += 1) {
        if (await store.claim(record)) return { kind: 'proceed', claim };
        const existing = await store.find(scope, keyHash);
        if (!existing) continue;
        const decision = decide(existing, attempt, now);
        switch (decision.kind) {
          case 'replay':
            return { kind: 'replay', response: openResponse(existing.responseSealed!, claim.sealingKey) };
          case 'reused':
            throw new AppError(
              'IDEMPOTENCY_KEY_REUSED',
              `This ${HEADER} was already used in the last 24 hours for a different request (${existing.method} ${existing.path} with another body). Use a new key for a new request.`,
              { details: [{ path: HEADER, rule: 'must not be reused for a different request body, method or path within 24 hours', in: 'header' }] },
            );
          case 'in_progress':
            throw new AppError(
              'IDEMPOTENCY_KEY_IN_PROGRESS',
              `A request with this ${HEADER} is still being processed. Retry in a moment to get its response.`,
              {
                details: [{ path: HEADER, rule: 'is held by a request that has not finished', in: 'header' }],
                headers: { 'retry-after': String(decision.retryAfterSeconds) },
              },
            );
          case 'take_over':
            if (await store.takeOver(scope, keyHash, existing.claimId, record)) return { kind: 'proceed', claim };
            continue;
        }
      }
      throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS', `Another request with this ${HEADER} is being processed. Retry in a moment.`, {
        details: [{ path: HEADER, rule: 'is held by a request that has not finished', in: 'header' }],
        headers: { 'retry-after': '1' },
      });
    },

    /**
     * Saves the response of a claimed request for replay, or frees the key when the response is not kept (5xx), so a
     * retry runs again. Returns whether the response was saved.
     */
    async finish(claim: IdempotencyClaim, response: SavedResponse): Promise<boolean> {
      if (!isReplayable(response.status)) {
        await store.release(claim.scope, claim.keyHash, claim.claimId);
        return false;
      }
      return store.complete(claim.scope, claim.keyHash, claim.claimId, response.status, sealResponse(response, claim.sealingKey));
    },

    /** Frees a claimed key without saving anything (the request ended without a response worth keeping). */
    async release(claim: IdempotencyClaim): Promise<void> {
      await store.release(claim.scope, claim.keyHash, claim.claimId);
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
