import type { Mode, StoreContext } from '../../context.ts';
import type { AuditRepo } from '../audit/ports.ts';
import { newId } from './ids.ts';

/**
 * The audit trail every area writes: one entry per write, in the writer's own transaction, naming who did what in
 * which store and mode. The audit area (domain/audit/) lists the entries and records MCP tool calls.
 */

/** One entry of the audit log. */
export interface AuditEntry {
  id: string;
  storeId: string;
  mode: Mode;
  actorType: string;
  actorId: string;
  actorLabel: string;
  userId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
  requestId: string | null;
  createdAt: Date;
}

/** What a write says about itself; `recordAudit` adds who, where and when. */
export interface AuditRecord {
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

/** Appends an audit entry for a write, in the caller's transaction, naming who did it in which store and mode. */
export async function recordAudit(repos: { audit: Pick<AuditRepo, 'insert'> }, ctx: StoreContext, record: AuditRecord): Promise<void> {
  await repos.audit.insert(auditEntry(ctx, ctx.tenant.storeId, ctx.tenant.mode, record));
}

/** The entry `recordAudit` writes (also for entries written outside a store context, such as sign-up). */
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
