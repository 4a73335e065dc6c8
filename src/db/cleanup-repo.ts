import { type Kysely, sql } from 'kysely';
import { CATALOG_CHANGES_KEPT_MS, type CleanupKind, type CleanupStorage, type JobLocks } from '../domain/maintenance/cleanup-service.ts';
import { fromDate } from './db.ts';
import type { Database } from './schema.ts';

/**
 * Deletes ended rows in batches (a primary-key IN (… LIMIT n) subquery, which both engines run), so no statement holds
 * its locks for long. Foreign keys cascade: a grant takes its codes and tokens with it, a session its authorization
 * requests, a registration its requests.
 */
export function createCleanupRepo(db: Kysely<Database>): CleanupStorage {
  /** Codes and tokens (keyed by their hash) that expired before `before`, a batch at a time. */
  function deleteExpiredSecrets(table: 'oauth_codes' | 'oauth_access_tokens' | 'oauth_refresh_tokens', before: string, batch: number) {
    return db
      .deleteFrom(table)
      .where('hash', 'in', (eb) => eb.selectFrom(table).select('hash').where('expires_at', '<', before).limit(batch))
      .executeTakeFirstOrThrow();
  }

  return {
    async deleteEnded(kind: CleanupKind, endedBefore: Date, now: Date, batch: number): Promise<number> {
      const before = fromDate(endedBefore);
      const at = fromDate(now);
      let result: { numDeletedRows: bigint };
      switch (kind) {
        case 'authorization-requests':
          result = await db
            .deleteFrom('oauth_authorization_requests')
            .where('id', 'in', (eb) => eb.selectFrom('oauth_authorization_requests').select('id').where('expires_at', '<', before).limit(batch))
            .executeTakeFirstOrThrow();
          break;
        case 'codes':
          result = await deleteExpiredSecrets('oauth_codes', before, batch);
          break;
        case 'access-tokens':
          result = await deleteExpiredSecrets('oauth_access_tokens', before, batch);
          break;
        case 'refresh-tokens':
          result = await deleteExpiredSecrets('oauth_refresh_tokens', before, batch);
          break;
        case 'grants':
          // Revoked before the cut-off, or older than it with nothing of it (code or token) still valid after it.
          result = await db
            .deleteFrom('oauth_grants')
            .where('id', 'in', (eb) =>
              eb
                .selectFrom('oauth_grants as g')
                .select('g.id')
                .where((w) =>
                  w.or([
                    w('g.revoked_at', '<', before),
                    w.and([
                      w('g.revoked_at', 'is', null),
                      w('g.created_at', '<', before),
                      w.not(w.exists(w.selectFrom('oauth_refresh_tokens as r').select('r.hash').whereRef('r.grant_id', '=', 'g.id').where('r.expires_at', '>=', before))),
                      w.not(w.exists(w.selectFrom('oauth_access_tokens as a').select('a.hash').whereRef('a.grant_id', '=', 'g.id').where('a.expires_at', '>=', before))),
                      w.not(w.exists(w.selectFrom('oauth_codes as c').select('c.hash').whereRef('c.grant_id', '=', 'g.id').where('c.expires_at', '>=', before))),
                    ]),
                  ]),
                )
                .limit(batch),
            )
            .executeTakeFirstOrThrow();
          break;
        case 'sessions':
          result = await db
            .deleteFrom('sessions')
            .where('id', 'in', (eb) =>
              eb
                .selectFrom('sessions')
                .select('id')
                .where((w) => w.or([w('expires_at', '<', before), w('revoked_at', '<', before)]))
                .limit(batch),
            )
            .executeTakeFirstOrThrow();
          break;
        case 'invitations':
          result = await db
            .deleteFrom('store_invitations')
            .where('id', 'in', (eb) =>
              eb
                .selectFrom('store_invitations')
                .select('id')
                .where((w) => w.or([w('expires_at', '<', before), w('revoked_at', '<', before), w('accepted_at', '<', before)]))
                .limit(batch),
            )
            .executeTakeFirstOrThrow();
          break;
        case 'unused-clients':
          // Never approved, registered before the cut-off, and no merchant in the middle of approving it right now.
          result = await db
            .deleteFrom('oauth_clients')
            .where('client_id', 'in', (eb) =>
              eb
                .selectFrom('oauth_clients as c')
                .select('c.client_id')
                .where('c.first_approved_at', 'is', null)
                .where('c.created_at', '<', before)
                .where((w) => w.not(w.exists(w.selectFrom('oauth_grants as g').select('g.id').whereRef('g.client_id', '=', 'c.client_id'))))
                .where((w) =>
                  w.not(
                    w.exists(
                      w.selectFrom('oauth_authorization_requests as q').select('q.id').whereRef('q.client_id', '=', 'c.client_id').where('q.expires_at', '>=', at),
                    ),
                  ),
                )
                .limit(batch),
            )
            .executeTakeFirstOrThrow();
          break;
        case 'idempotency-keys':
          result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', before).executeTakeFirstOrThrow();
          break;
        case 'webhook-events':
          // An event goes with its deliveries and their attempts (foreign keys cascade) once nothing of it is pending.
          result = await db
            .deleteFrom('webhook_events')
            .where('seq', 'in', (eb) =>
              eb
                .selectFrom('webhook_events as ev')
                .select('ev.seq')
                .where('ev.created_at', '<', before)
                .where((w) => w.not(w.exists(w.selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_seq', '=', 'ev.seq').where('d.status', '=', 'pending'))))
                .limit(batch),
            )
            .executeTakeFirstOrThrow();
          break;
        case 'webhook-previous-secrets': {
          // Not a row: the previous secret of an endpoint whose rotation overlap ended is forgotten (it signs no more).
          const cleared = await db
            .updateTable('webhook_endpoints')
            .set({ previous_secret: null })
            .where('id', 'in', (eb) =>
              eb.selectFrom('webhook_endpoints').select('id').where('previous_secret', 'is not', null).where('previous_secret_expires_at', '<=', before).limit(batch),
            )
            .executeTakeFirstOrThrow();
          result = { numDeletedRows: cleared.numUpdatedRows };
          break;
        }
        case 'email-messages':
          result = await db
            .deleteFrom('email_messages')
            .where('id', 'in', (eb) => eb.selectFrom('email_messages').select('id').where('created_at', '<', before).where('status', '!=', 'pending').limit(batch))
            .executeTakeFirstOrThrow();
          break;
        case 'provider-events':
          // No single-column key: the batch is the oldest rows by their whole key.
          result = await db
            .deleteFrom('provider_events')
            .where(
              sql<boolean>`(store_id, mode, provider, event_id) in (select store_id, mode, provider, event_id from provider_events where received_at < ${before} order by received_at limit ${batch})`,
            )
            .executeTakeFirstOrThrow();
          break;
        case 'password-resets':
          // A used reset is over at once; an unused one when it expires.
          result = await db
            .deleteFrom('password_resets')
            .where('id', 'in', (eb) =>
              eb
                .selectFrom('password_resets')
                .select('id')
                .where((w) => w.or([w('expires_at', '<', before), w('used_at', '<', before)]))
                .limit(batch),
            )
            .executeTakeFirstOrThrow();
          break;
        case 'connector-confirmations':
          result = await db
            .deleteFrom('mcp_confirmations')
            .where('nonce', 'in', (eb) => eb.selectFrom('mcp_confirmations').select('nonce').where('expires_at', '<', before).limit(batch))
            .executeTakeFirstOrThrow();
          break;
        case 'carts':
          // Its lines go with it (on delete cascade).
          result = await db
            .deleteFrom('carts')
            .where('id', 'in', (eb) => eb.selectFrom('carts').select('id').where('expires_at', '<', before).limit(batch))
            .executeTakeFirstOrThrow();
          break;
        case 'checkout-holds':
          // Not a delete: the checkout service cancels the orders (the cleanup service's `tasks`).
          return 0;
        case 'catalog-changes': {
          const written = fromDate(new Date(endedBefore.getTime() - CATALOG_CHANGES_KEPT_MS));
          result = await db
            .deleteFrom('catalog_changes')
            .where('id', 'in', (eb) => eb.selectFrom('catalog_changes').select('id').where('created_at', '<', written).limit(batch))
            .executeTakeFirstOrThrow();
          break;
        }
      }
      return Number(result.numDeletedRows);
    },
  };
}

/** Job leases in the database: taking one is a single INSERT … ON CONFLICT DO UPDATE … WHERE the lease ran out. */
export function createJobLockRepo(db: Kysely<Database>): JobLocks {
  return {
    async acquire(name, holder, now, leaseMs) {
      const row = await db
        .insertInto('job_locks')
        .values({ name, holder, expires_at: fromDate(new Date(now.getTime() + leaseMs)) })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ holder, expires_at: fromDate(new Date(now.getTime() + leaseMs)) })
            .where('job_locks.expires_at', '<=', fromDate(now)),
        )
        .returning('holder')
        .executeTakeFirst();
      return row?.holder === holder;
    },
    async release(name, holder) {
      await db.deleteFrom('job_locks').where('name', '=', name).where('holder', '=', holder).execute();
    },
  };
}
