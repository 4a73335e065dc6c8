import type { Kysely } from 'kysely';
import type { Mode, Tenant } from '../context.ts';
import type { AuditFilters } from '../domain/audit/audit-service.ts';
import type { AuditRepo } from '../domain/audit/ports.ts';
import type { AuditEntry } from '../domain/shared/audit-trail.ts';
import { fromDate, toDate } from './db.ts';
import { holdable } from './held-writes.ts';
import { pageLimit } from './paging.ts';
import type { Database } from './schema.ts';
import { inTenant } from './tenant.ts';

function row(entry: AuditEntry) {
  return {
    id: entry.id,
    store_id: entry.storeId,
    mode: entry.mode,
    actor_type: entry.actorType,
    actor_id: entry.actorId,
    actor_label: entry.actorLabel,
    user_id: entry.userId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    details: entry.details === null ? null : JSON.stringify(entry.details),
    request_id: entry.requestId,
    created_at: fromDate(entry.createdAt),
  };
}

/** The append-only audit log, per store and mode. */
/**
 * The audit log. In a transaction (`deferred`: `createRepos` gives it), the entries a unit of work records are kept and
 * written together by `flush`, in one multi-row insert before the commit (a checkout records a new customer and its
 * order; a payment completing records the payment, the order paid and the provider payment): the same rows in the same
 * transaction, in fewer statements. A read of the log in the transaction writes them first. That insert is holdable: on
 * PostgreSQL it is held with the transaction's other held writes and sent with them in one statement (held-writes.ts).
 */
export function createAuditRepo(db: Kysely<Database>, options: { deferred?: boolean } = {}): AuditRepo & { flush(): Promise<void> } {
  const pending: AuditEntry[] = [];
  const write = async (entries: readonly AuditEntry[]) => {
    if (entries.length === 0) return;
    await db.insertInto('audit_logs').values(entries.map(row)).modifyEnd(holdable).execute();
  };
  const flush = async () => {
    await write(pending.splice(0));
  };
  return {
    async insert(entry: AuditEntry): Promise<void> {
      if (options.deferred) pending.push(entry);
      else await write([entry]);
    },

    async insertMany(entries: readonly AuditEntry[]): Promise<void> {
      if (options.deferred) pending.push(...entries);
      else await write(entries);
    },

    flush,

    /** Newest first; `before` is the id of the last entry of the previous page. Returns up to `limit + 1` rows. */
    async list(tenant: Tenant, options: { limit: number; before?: string | undefined; filters: AuditFilters }): Promise<AuditEntry[]> {
      await flush();
      const f = options.filters;
      let q = db
        .selectFrom('audit_logs')
        .selectAll()
        .where(inTenant(tenant))
        .orderBy('id', 'desc')
        .$call(pageLimit(options.limit));
      if (options.before) q = q.where('id', '<', options.before);
      if (f.action !== undefined) {
        if (f.action.endsWith('*')) {
          // A prefix as a range (no LIKE: `_` in an action would be a wildcard there).
          const prefix = f.action.slice(0, -1);
          q = q.where('action', '>=', prefix).where('action', '<', `${prefix}\u{10ffff}`);
        } else {
          q = q.where('action', '=', f.action);
        }
      }
      if (f.actorType !== undefined) q = q.where('actor_type', '=', f.actorType);
      if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
      if (f.targetType !== undefined) q = q.where('target_type', '=', f.targetType);
      if (f.targetId !== undefined) q = q.where('target_id', '=', f.targetId);
      if (f.from !== undefined) q = q.where('created_at', '>=', fromDate(new Date(f.from)));
      if (f.to !== undefined) q = q.where('created_at', '<', fromDate(new Date(f.to)));
      const rows = await q.execute();
      return rows.map((r) => ({
        id: r.id,
        storeId: r.store_id,
        mode: r.mode as Mode,
        actorType: r.actor_type,
        actorId: r.actor_id,
        actorLabel: r.actor_label,
        userId: r.user_id,
        action: r.action,
        targetType: r.target_type,
        targetId: r.target_id,
        details: r.details === null ? null : (JSON.parse(r.details) as Record<string, unknown>),
        requestId: r.request_id,
        createdAt: toDate(r.created_at),
      }));
    },
  };
}

