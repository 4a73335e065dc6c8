import type { StoreContext } from '../../context.ts';
import type { AuditRepo } from './ports.ts';
import { requirePermission } from '../shared/access.ts';
import { type AuditEntry, type AuditRecord, recordAudit } from '../shared/audit-trail.ts';
import { anyIdCursor, type Page, pageOf } from '../shared/pagination.ts';

/** The repositories audit-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface AuditServiceRepos {
  audit: Pick<AuditRepo, 'insert' | 'list'>;
}

/** One call of an AI connector (MCP) tool, as the connector answered it. */
export interface ToolCall {
  tool: string;
  /** The arguments as sent; values of secret-looking names are redacted before they are written. */
  arguments: unknown;
  outcome: 'ok' | 'refused';
  /** The code of a refusal. */
  errorCode?: string | undefined;
}

/** Where an entry that cannot be written goes instead. */
export interface AuditFallbackLog {
  error(obj: object, msg: string): void;
}

/** Argument names whose values are never written to the audit log. */
const SECRET = /(password|secret|token|api_?key|^key$|authorization)/i;

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET.test(k) ? '[redacted]' : redact(v)]));
  }
  return value;
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

export function createAuditService(deps: {
  repos: AuditServiceRepos;
  /** Whether an error means the database cannot be reached (the db layer knows; src/db/db.ts `isDatabaseUnavailable`). */
  isDatabaseUnavailable: (error: unknown) => boolean;
}) {
  /**
   * An entry written by the connector on behalf of the credential, outside any write transaction. What it records has
   * happened whatever becomes of the entry: when the database is unavailable the entry goes to `log` instead.
   */
  async function recordConnectorEntry(ctx: StoreContext, record: AuditRecord & { details: Record<string, unknown> }, log: AuditFallbackLog, unaudited: string): Promise<void> {
    const connector = { ...ctx, actor: { ...ctx.actor, type: 'ai_connector' as const, label: `AI connector via ${ctx.actor.label}` } };
    try {
      await recordAudit(deps.repos, connector, record);
    } catch (error) {
      if (!deps.isDatabaseUnavailable(error)) throw error;
      log.error({ err: error, requestId: ctx.requestId, storeId: ctx.tenant.storeId, audit: record.details }, unaudited);
    }
  }

  return {
    /**
     * Records a call of an AI connector tool (reads and refusals included), outside any write transaction, as done by
     * the connector on behalf of the credential: `mcp.tool_call` with the redacted arguments, the outcome and the
     * credential. The call has happened (or was refused) whatever becomes of its entry: when the database is
     * unavailable the entry goes to `log` instead, and the caller still gets the call's real outcome.
     */
    async recordToolCall(ctx: StoreContext, call: ToolCall, log: AuditFallbackLog): Promise<void> {
      const details = {
        tool: call.tool,
        arguments: redact(call.arguments),
        outcome: call.outcome,
        ...(call.errorCode === undefined ? {} : { errorCode: call.errorCode }),
        credential: { type: ctx.actor.type, id: ctx.actor.id, label: ctx.actor.label },
      };
      await recordConnectorEntry(ctx, { action: 'mcp.tool_call', targetType: 'mcp_tool', targetId: call.tool, details }, log, 'MCP tool call not audited: database unavailable');
    },

    /**
     * Records a refused merchant confirmation of an AI connector call (a security event, docs/security.md): a
     * `requestState` that was forged or altered, expired, another caller's, or malformed, or an answer given for another
     * call or already acted on. `mcp.confirmation_refused` names the tool (when the request named one), why, and the
     * credential. Only requests that carry a confirmation are recorded: reads write nothing.
     */
    async recordConfirmationRefused(ctx: StoreContext, refusal: { tool: string | null; reason: string }, log: AuditFallbackLog): Promise<void> {
      const details = { tool: refusal.tool, reason: refusal.reason, credential: { type: ctx.actor.type, id: ctx.actor.id, label: ctx.actor.label } };
      await recordConnectorEntry(
        ctx,
        { action: 'mcp.confirmation_refused', targetType: 'mcp_tool', targetId: refusal.tool ?? '(unknown)', details },
        log,
        'MCP confirmation refusal not audited: database unavailable',
      );
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
