import type { Kysely, Selectable } from 'kysely';
import type { IdempotencyRecord } from '../domain/idempotency/idempotency-rules.ts';
import type { IdempotencyStorage } from '../domain/idempotency/idempotency-service.ts';
import { fromDate, toDate } from './db.ts';
import type { Database, IdempotencyKeyTable } from './schema.ts';

function toRecord(r: Selectable<IdempotencyKeyTable>): IdempotencyRecord {
  return {
    scope: r.scope,
    keyHash: r.key_hash,
    claimId: r.claim_id,
    method: r.request_method,
    path: r.request_path,
    fingerprint: r.fingerprint,
    responseStatus: r.response_status === null ? null : Number(r.response_status),
    responseSealed: r.response_sealed,
    createdAt: toDate(r.created_at),
    lockedUntil: r.locked_until === null ? null : toDate(r.locked_until),
    expiresAt: toDate(r.expires_at),
  };
}

function toRow(record: IdempotencyRecord) {
  return {
    scope: record.scope,
    key_hash: record.keyHash,
    claim_id: record.claimId,
    request_method: record.method,
    request_path: record.path,
    fingerprint: record.fingerprint,
    response_status: record.responseStatus,
    response_sealed: record.responseSealed,
    created_at: fromDate(record.createdAt),
    locked_until: record.lockedUntil === null ? null : fromDate(record.lockedUntil),
    expires_at: fromDate(record.expiresAt),
  };
}

/**
 * Idempotency keys by scope (store, mode and credential) and key hash. The primary key (scope, key_hash) makes `claim`
 * atomic on both engines (INSERT … ON CONFLICT DO NOTHING); `takeOver`, `complete` and `release` are compare-and-set
 * on the claim id.
 */
export function createIdempotencyRepo(db: Kysely<Database>): IdempotencyStorage {
  return {
    async claim(record) {
      const result = await db
        .insertInto('idempotency_keys')
        .values(toRow(record))
        .onConflict((oc) => oc.columns(['scope', 'key_hash']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async find(scope, keyHash) {
      const row = await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key_hash', '=', keyHash).executeTakeFirst();
      return row && toRecord(row);
    },

    async takeOver(scope, keyHash, previousClaimId, record) {
      const { scope: _s, key_hash: _k, ...fields } = toRow(record);
      const result = await db
        .updateTable('idempotency_keys')
        .set(fields)
        .where('scope', '=', scope)
        .where('key_hash', '=', keyHash)
        .where('claim_id', '=', previousClaimId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async complete(scope, keyHash, claimId, status, sealed) {
      const result = await db
        .updateTable('idempotency_keys')
        .set({ response_status: status, response_sealed: sealed, locked_until: null })
        .where('scope', '=', scope)
        .where('key_hash', '=', keyHash)
        .where('claim_id', '=', claimId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async release(scope, keyHash, claimId) {
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('key_hash', '=', keyHash)
        .where('claim_id', '=', claimId)
        .where('response_status', 'is', null)
        .execute();
    },

    async purgeExpired(now) {
      const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', fromDate(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
