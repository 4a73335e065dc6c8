import type { StoreContext } from '../../context.ts';
import type { Repos } from '../../db/repos.ts';
import { requirePermission } from '../access.ts';
import type { AuditEntry, Page } from '../accounts/types.ts';
import { newId } from '../ids.ts';
import { anyIdCursor, pageOf } from '../pagination.ts';

export interface AuditRecord {
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

/** Appends an audit entry for a write, in the caller's transaction, naming who did it in which store and mode. */
export async function recordAudit(repos: Repos, ctx: StoreContext, record: AuditRecord): Promise<void> {
  await repos.audit.insert(auditEntry(ctx, ctx.tenant.storeId, ctx.tenant.mode, record));
}

export function auditEntry(
  ctx: Pick<StoreContext, 'actor' | 'requestId' | 'now'>,
  storeId: string,
  mode: StoreContext['tenant']['mode'],
  record: AuditRecord,
): AuditEntry {
  return {
    id: newId('aud', ctx.now),
    storeId,
    mode,
    actorType: ctx.actor.type,
    actorId: ctx.actor.id,
    actorLabel: ctx.actor.label,
    userId: ctx.actor.userId,
    action: record.action,
    targetType: record.targetType ?? null,
    targetId: record.targetId ?? null,
    details: record.details ?? null,
    requestId: ctx.requestId,
    createdAt: ctx.now,
  };
}

/** What an audit log page may be narrowed by (each optional; together they combine with AND). */
export interface AuditFilters {
  /** An action, or a prefix ending in `*` (`product.*`). */
  action?: string | undefined;
  actorType?: string | undefined;
  userId?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** ISO instants: at or after `from`, before `to`. */
  from?: string | undefined;
  to?: string | undefined;
}

export function createAuditService(deps: { repos: Repos }) {
  return {
    /** Appends an entry outside any write transaction (the AI connector's record of a tool call, reads included). */
    async record(ctx: StoreContext, record: AuditRecord): Promise<void> {
      await recordAudit(deps.repos, ctx, record);
    },

    /** Newest first, for the active store and mode (settings:read). */
    async list(ctx: StoreContext, options: { limit: number; cursor?: string | undefined } & AuditFilters): Promise<Page<AuditEntry>> {
      requirePermission(ctx, 'settings:read');
      const { limit, cursor, ...filters } = options;
      const before = cursor === undefined ? undefined : anyIdCursor.decode(cursor);
      const rows = await deps.repos.audit.list(ctx.tenant, { limit, before, filters });
      return pageOf(rows, limit, (last) => anyIdCursor.encode(last.id));
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
