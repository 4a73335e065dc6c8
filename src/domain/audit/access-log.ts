import type { StoreContext } from '../../context.ts';
import { auditEntry } from '../shared/audit-trail.ts';
import type { AuditRepo } from './ports.ts';
import type { AuditFallbackLog } from './audit-service.ts';
import type { PersonalData, PersonalDataReads } from '../shared/personal-data.ts';


/** How often the reads noted since the last time are written, and how many distinct readers may wait at most. */
export const ACCESS_FLUSH_MS = 60_000;
export const ACCESS_MAX_PENDING = 1_000;

interface Pending {
  ctx: Pick<StoreContext, 'actor' | 'tenant' | 'requestId'>;
  data: PersonalData;
  reads: number;
  records: number;
  first: Date;
  last: Date;
}

/**
 * Who read customers' personal data, written in bulk: each read of customer or order records (REST or the AI
 * connector) is counted in memory, per store, mode, credential and kind of data, and one `data.access` audit entry per
 * such reader is written every `ACCESS_FLUSH_MS` (and on close), with the number of reads and records and the first
 * and last time. No read waits for a write. What a crash loses is at most the last interval's counts, and the
 * refusal of an unreadable database goes to `log` (the reads themselves have happened).
 */
export function createAccessLog(deps: {
  repos: { audit: Pick<AuditRepo, 'insertMany'> };
  isDatabaseUnavailable: (error: unknown) => boolean;
  log: AuditFallbackLog;
  flushEveryMs?: number;
  maxPending?: number;
}): PersonalDataReads & { flush(): Promise<void>; close(): Promise<void> } {
  const pending = new Map<string, Pending>();
  const maxPending = deps.maxPending ?? ACCESS_MAX_PENDING;
  let flushing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => void flush(), deps.flushEveryMs ?? ACCESS_FLUSH_MS);
  timer.unref();

  /** Writes what was noted so far, one entry per reader, after any write already under way. */
  function flush(): Promise<void> {
    if (pending.size === 0) return flushing;
    const batch = [...pending.values()];
    pending.clear();
    flushing = flushing.then(() => write(batch));
    return flushing;
  }

  async function write(batch: Pending[]): Promise<void> {
    const now = new Date();
    const entries = batch.map(({ ctx, data, reads, records, first, last }) =>
      auditEntry({ actor: ctx.actor, requestId: ctx.requestId, now }, ctx.tenant.storeId, ctx.tenant.mode, {
        action: 'data.access',
        targetType: data,
        details: { reads, records, from: first.toISOString(), to: last.toISOString(), credential: { type: ctx.actor.type, id: ctx.actor.id, label: ctx.actor.label } },
      }),
    );
    try {
      await deps.repos.audit.insertMany(entries);
    } catch (error) {
      if (!deps.isDatabaseUnavailable(error)) deps.log.error({ err: error }, 'Personal data reads not audited');
      else deps.log.error({ err: error, audit: entries }, 'Personal data reads not audited: database unavailable');
    }
  }

  return {
    /** Counts one read of `records` records of `data` by the caller (a list page, one record, an export). */
    note(ctx: StoreContext, data: PersonalData, records: number): void {
      const key = `${ctx.tenant.storeId}|${ctx.tenant.mode}|${ctx.actor.type}|${ctx.actor.id}|${data}`;
      const seen = pending.get(key);
      if (seen) {
        seen.reads += 1;
        seen.records += records;
        seen.last = ctx.now;
        return;
      }
      pending.set(key, { ctx: { actor: ctx.actor, tenant: ctx.tenant, requestId: ctx.requestId }, data, reads: 1, records, first: ctx.now, last: ctx.now });
      if (pending.size >= maxPending) void flush();
    },
    flush,
    /** Stops the timer and writes what is pending: before the database closes. */
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type AccessLog = ReturnType<typeof createAccessLog>;
