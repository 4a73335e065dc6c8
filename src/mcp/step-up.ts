import type { StoreContext } from '../context.ts';
import { formatScope } from '../domain/oauth/scopes.ts';
import { canStepUp, insufficientScope } from '../domain/shared/access.ts';
import type { AppError } from '../errors.ts';
import type { Catalog } from './server.ts';
import { neededPermissions } from './tool.ts';
import { callable, type Selection } from './toolsets.ts';

/**
 * The step-up challenge for a `tools/call` (MCP authorization, "Runtime insufficient scope errors"; RFC 6750 §3.1),
 * or undefined: a 403 PERMISSION_DENIED carrying `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`
 * when an app's token lacks a permission the call needs only because the merchant did not grant that scope (their
 * role has it), so the client can ask the merchant for it and retry. A role that forbids the call, an API key or a
 * session gets no challenge: asking again cannot help, and the tool answers its usual refusal.
 *
 * `scope` names what the call needs: on 2026-07-28 only the missing scopes (the client adds them to those it holds,
 * SEP-2350); on 2025-era protocols the granted scopes as well, as the 2025-11-25 specification recommends, because
 * clients of that era (the v1 SDK) ask for exactly the challenged scopes and would otherwise lose the others.
 *
 * Checked before the SDK sees the request (the HTTP status is decided before any JSON-RPC answer is written), from
 * the tool's declared permissions (`permissionsOf` where the arguments decide). Arguments that do not validate get
 * no challenge: the call answers VALIDATION_FAILED first.
 */
export function scopeChallenge(
  catalog: Catalog,
  ctx: StoreContext,
  selection: Selection,
  body: unknown,
  options: { accumulatingClients: boolean },
): AppError | undefined {
  if (!ctx.app) return undefined;
  for (const message of Array.isArray(body) ? body : [body]) {
    const call = toolCall(message);
    const entry = call && catalog.byName.get(call.name);
    if (!call || !entry || !callable(entry.tool, selection)) continue;
    const parsed = entry.tool.input.safeParse(call.arguments ?? {});
    if (!parsed.success) continue;
    const missing = neededPermissions(entry.tool, parsed.data as Record<string, unknown>).filter((permission) => !ctx.permissions.has(permission));
    if (missing.length === 0 || !missing.every((permission) => canStepUp(ctx, permission))) continue;
    const scope = formatScope(options.accumulatingClients ? missing : [...ctx.app.scopes, ...missing]);
    const needs = missing.join(' and ');
    return insufficientScope(
      `${entry.tool.name} needs the ${needs} scope, which the merchant did not grant this app. Ask the merchant for it (authorize again with scope "${scope}"), then call again.`,
      scope,
      `The app needs the ${needs} scope`,
      missing,
    );
  }
  return undefined;
}

/** A JSON-RPC `tools/call` request's tool name and arguments, or undefined. */
function toolCall(message: unknown): { name: string; arguments?: unknown } | undefined {
  if (message === null || typeof message !== 'object') return undefined;
  const { method, id, params } = message as { method?: unknown; id?: unknown; params?: { name?: unknown; arguments?: unknown } };
  if (method !== 'tools/call' || id === undefined || params === null || typeof params !== 'object' || typeof params.name !== 'string') return undefined;
  return { name: params.name, arguments: params.arguments };
}
