import type { CallToolResult, InputRequiredResult, ServerContext, Tool } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { StoreContext } from '../context.ts';
import type { AuditService } from '../domain/audit/audit-service.ts';
import { canStepUp, requirePermission } from '../domain/shared/access.ts';
import { type ErrorCode, type ErrorDetail, publicDetail } from '../errors.ts';
import { boundedLru } from '../http/bounded-lru.ts';
import { describeDetails, publicError } from '../public-error.ts';
import { canAskMerchant, confirmationMessage, holderOf, type MerchantConfirmation, type StreamQuestions, stateRefusalReason } from './confirm.ts';
import { getPrompt, PROMPTS, RESOURCES, readResource } from './resources.ts';
import { compactInputSchema, compactOutputSchema, portableSchema } from './schema-compact.ts';
import type { LegacySession } from './session.ts';
import { writeShapesOnce } from './shared-shapes.ts';
import { type AnyTool, annotationsOf, isDestructive, neededPermissions, needsConfirmation, TOOL_AREAS, type ToolArea, type ToolServices } from './tool.ts';
import {
  ALL_TOOLS,
  CORE_TOOLS,
  callable,
  DISCOVERY_DEFINITIONS,
  DISCOVERY_TOOLS,
  EnableToolsetsInput,
  FindToolsInput,
  inListing,
  rankTools,
  type Selection,
  selectionKey,
  TOOLSET_PURPOSE,
} from './toolsets.ts';

export const SERVER_INFO = { name: 'commerce-service', title: 'Commerce store', version: '1.0.0' } as const;

const INSTRUCTIONS =
  'Tools to run one merchant store: products and their variants, categories, stock, orders, customers, discount codes and promo ads, reviews, sales figures, the store profile and webhooks. ' +
  'Amounts are decimals in the store currency. Lists page with limit and cursor (pass pagination.nextCursor). ' +
  'Tools that delete, move money (payments, refunds, marking an order paid, cancelling a paid order), revoke access or credentials (rotating a webhook signing secret) or ban need the merchant\'s consent: clients that declare elicitation are asked to show the merchant a form; others must ask the merchant, then send confirm: true (a store may refuse that: CONFIRMATION_CLIENT_REQUIRED). ' +
  'A refusal comes back with isError and structuredContent.error.code (the codes of the REST API, docs/errors.md). ' +
  'Resources: commerce://connector/guide (how to work with this store) and commerce://store/policies; prompts: daily_summary, restock_plan.';

/** What the instructions say about toolsets: which this connection has, and how to find or ask for others. */
function toolsetNote(selection: Selection): string {
  const how = `Connect to /mcp?toolsets=<names, comma-separated> (or send the header MCP-Toolsets) for those toolsets only, or toolsets=all for every tool; toolsets: ${TOOL_AREAS.join(', ')}.`;
  if (selection.kind === 'all') return ` This connection lists every tool. ${how}`;
  if (selection.kind === 'areas') return ` This connection has the toolsets ${selection.areas.join(', ')} only. ${how}`;
  return ` This connection lists everyday tools only; the store has ${TOOL_AREAS.length} toolsets in all. When the merchant asks for something none of the listed tools does, call find_tools with a few words for it, then enable_toolsets with the toolset it names, and read the tool list again. ${how}`;
}

interface Listed {
  tool: AnyTool;
  /** The tool as `tools/list` shows it, its output schema in full. */
  listing: Tool;
}

/** `skus.0.price` as the REST API names fields: `skus[0].price`. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc === '' ? String(part) : `${acc}.${String(part)}`), '');
}

/**
 * The JSON Schema of a tool's structured result: the result object, or `{ error }` on a refusal (`isError: true`).
 * Both are objects and the top level admits other properties, so clients that check `structuredContent` against the
 * schema accept either; `anyOf` says which properties each has. The refusal's `error` (code, message, details) is
 * described once, in the server's instructions and docs/mcp.md, not in every tool.
 */
function outputJsonSchema(output: z.ZodType): Tool['outputSchema'] {
  const { required = [], ...json } = compactOutputSchema(z.toJSONSchema(output, { io: 'output' }) as Record<string, unknown>) as Record<string, unknown> & {
    required?: string[];
  };
  return { ...json, type: 'object', anyOf: [{ required }, { required: ['error'] }] } as Tool['outputSchema'];
}

function inputJsonSchema(input: z.ZodType): Tool['inputSchema'] {
  return { ...compactInputSchema(z.toJSONSchema(input, { io: 'input' }) as Record<string, unknown>), type: 'object' } as Tool['inputSchema'];
}

/**
 * A tool's annotations as `tools/list` writes them: what the effects table says, without the hints the protocol
 * defines as meaningless for it (`destructiveHint` and `idempotentHint` of a read-only tool) or as the default where
 * every reading agrees (`readOnlyHint: false`). `destructiveHint` is always written for a tool that changes something,
 * though `true` is its default: a client that ignores the defaults must still see a destructive tool as one.
 */
function listedAnnotations(tool: AnyTool): NonNullable<Tool['annotations']> {
  const { readOnlyHint, destructiveHint, idempotentHint } = annotationsOf(tool.does);
  return readOnlyHint ? { readOnlyHint, openWorldHint: false } : { destructiveHint, idempotentHint, openWorldHint: false };
}

/** Tool listings are computed once per catalog (the schemas do not change at run time). */
export function listTools(tools: readonly AnyTool[]): Listed[] {
  const names = new Set<string>();
  return tools.map((tool) => {
    if (names.has(tool.name)) throw new Error(`duplicate MCP tool ${tool.name}`);
    names.add(tool.name);
    // The effects table decides confirmation: a tool that can be destructive says what a call would do, and no other.
    if (isDestructive(tool.does.effects) !== (tool.confirm !== undefined)) throw new Error(`MCP tool ${tool.name}: a confirmation text exactly when an effect is destructive`);
    // ...and a precheck, so the merchant is never asked to consent to what the service would refuse.
    if (tool.confirm !== undefined && tool.precheck === undefined) throw new Error(`MCP tool ${tool.name}: a destructive tool needs a precheck`);
    const permissionNote = tool.permission === null ? 'Needs: any member of the store.' : `Needs: ${tool.permission}.`;
    return {
      tool,
      listing: {
        name: tool.name,
        title: tool.title,
        description: `${tool.description} ${permissionNote}`,
        inputSchema: inputJsonSchema(tool.input),
        outputSchema: outputJsonSchema(tool.output),
        annotations: listedAnnotations(tool),
      },
    };
  });
}

/**
 * Whether `tools/list` shows a tool to the caller: its permission is among the caller's (granted scopes ∩ the
 * merchant's role), or an app could get it by asking the merchant (step-up: the scope was not granted, the role has
 * it). Only a listing filter: a call is refused by the service it reaches, as on REST.
 */
function shown(ctx: StoreContext, tool: AnyTool): 'usable' | 'step-up' | undefined {
  if (tool.permission === null || ctx.permissions.has(tool.permission)) return 'usable';
  return canStepUp(ctx, tool.permission) ? 'step-up' : undefined;
}

/** A tool whose scope the app was not granted, as `tools/list` shows it: the description says a call asks for it. */
function withStepUpNote(entry: Listed): Tool {
  const note = ` Not granted to this app yet: a call answers HTTP 403 insufficient_scope, and the client asks the merchant for ${entry.tool.permission}.`;
  return { ...entry.listing, description: `${entry.listing.description}${note}` };
}

/** VALIDATION_FAILED naming each argument and the rule it broke, as REST names fields. */
function invalidArguments(error: z.ZodError): CallToolResult {
  const details = error.issues.map((issue) => ({ path: fieldPath(issue.path) || '(arguments)', rule: issue.message }));
  return refusal('VALIDATION_FAILED', `The arguments are not valid: ${describeDetails(details)}.`, details);
}

function refusal(code: ErrorCode, message: string, details: ErrorDetail[] = []): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: `${code}: ${message}` }],
    // The same detail shape as REST (errors.ts `publicDetail`): arguments are `in: body`, a missing permission `credential`.
    structuredContent: { error: { code, message, details: details.map(publicDetail) } },
  };
}

/**
 * The listed catalog, built once: the tools by name, and the `tools/list` answer per selection and permission set,
 * computed on first use and kept (a handful of roles and key restrictions make a handful of sets; at most
 * `KEPT_ANSWERS`, the least recently used dropped first).
 */
export interface Catalog {
  byName: ReadonlyMap<string, Listed>;
  listFor(ctx: StoreContext, selection: Selection): { tools: Tool[] };
  /** The same answer serialized (`{"tools":[…]}`), also kept: a plain `tools/list` is served from it. */
  listJson(ctx: StoreContext, selection: Selection): string;
  /** How a tool stands for the caller: callable now, after the merchant grants its scope (step-up), or not at all. */
  accessOf(ctx: StoreContext, tool: AnyTool): 'usable' | 'step-up' | undefined;
}

/** How many answers the catalog keeps: a few roles and key restrictions need a few; API keys made to vary cannot grow it. */
const KEPT_ANSWERS = 64;

export function catalogOf(listed: readonly Listed[]): Catalog {
  const byName = new Map(listed.map((entry) => [entry.tool.name, entry]));
  const answers = boundedLru<{ result: { tools: Tool[] }; json?: string }>(KEPT_ANSWERS, () => 1);
  const discovery: Tool[] = DISCOVERY_DEFINITIONS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputJsonSchema(tool.input),
    outputSchema: outputJsonSchema(tool.output),
    annotations: { readOnlyHint: true, openWorldHint: false },
  }));
  function answerFor(ctx: StoreContext, selection: Selection) {
    // An app's listing also depends on the approving merchant's role (the tools it could step up to).
    const role = ctx.app ? `|${ctx.role}` : '';
    const key = `${selectionKey(selection)}|${[...ctx.permissions].sort().join(',')}${role}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      const tools = listed.flatMap((entry) => {
        const how = inListing(entry.tool, selection) ? shown(ctx, entry.tool) : undefined;
        // The default list shows a core tool whose scope the app lacks only once its toolset is enabled: until then
        // find_tools says what step-up would grant.
        if (how === 'step-up' && selection.kind === 'core' && !selection.enabled.includes(entry.tool.area)) return [];
        return how === undefined ? [] : [how === 'usable' ? entry.listing : withStepUpNote(entry)];
      });
      const spelled = writeShapesOnce(selection.kind === 'core' ? [...tools, ...discovery] : tools);
      // Portable last: the pointers of writeShapesOnce may write a nullable object too.
      answer = { result: { tools: spelled.map((tool) => ({ ...tool, inputSchema: portableSchema(tool.inputSchema) as Tool['inputSchema'], outputSchema: portableSchema(tool.outputSchema) as Tool['outputSchema'] })) } };
      answers.set(key, answer);
    }
    return answer;
  }
  return {
    byName,
    listFor: (ctx, selection) => answerFor(ctx, selection).result,
    listJson(ctx, selection) {
      const answer = answerFor(ctx, selection);
      answer.json ??= JSON.stringify(answer.result);
      return answer.json;
    },
    accessOf: shown,
  };
}

export interface ConnectorDeps {
  services: ToolServices;
  audit: Pick<AuditService, 'recordToolCall' | 'recordConfirmationRefused'>;
  catalog: Catalog;
  /** Confirmation by the merchant through elicitation: multi round-trip requests (protocol 2026-07-28). */
  confirmation: MerchantConfirmation;
  /** Confirmation by the merchant through elicitation on the call's stream (2025-era protocols). */
  questions: StreamQuestions;
  log: { error(obj: object, msg: string): void };
}

/**
 * One MCP server instance for one HTTP request, bound to the caller's store context (stateless: nothing outlives the
 * request). `tools/list` shows the tools the caller may use; `tools/call` validates the arguments with the same zod
 * shapes as the REST routes and calls the same service, which refuses what the caller may not do; the audit service
 * records every call.
 */
/** What one request's connection brings beyond the caller: its tool selection, session and how it enables toolsets. */
export interface Connection {
  selection: Selection;
  /** The tool a `tools/call` names, for the audit entry of a confirmation refused before its handler runs. */
  calledTool: string | null;
  /** A 2025-era request's session (what the client declared at initialize); null without one, and on 2026-07-28. */
  session: LegacySession | null;
  /** Adds toolsets to this connection's default list (kept per session or credential); answers the whole choice. */
  enable(areas: readonly ToolArea[]): readonly ToolArea[];
  /** Whether the client hears `notifications/tools/list_changed` (2025-era, on the call's stream) or re-reads the list. */
  notifiesListChanged: boolean;
}

const NO_CONNECTION: Connection = { selection: ALL_TOOLS, calledTool: null, session: null, enable: () => [], notifiesListChanged: false };

/**
 * One MCP server instance for one HTTP request, bound to the caller's store context (stateless: nothing outlives the
 * request). `tools/list` shows the tools the caller may use; `tools/call` validates the arguments with the same zod
 * shapes as the REST routes and calls the same service, which refuses what the caller may not do; the audit service
 * records every call.
 */
export function createConnectorServer(deps: ConnectorDeps, ctx: StoreContext, given: Partial<Connection> = {}): Server {
  const connection: Connection = { ...NO_CONNECTION, ...given };
  const { selection, calledTool, session } = connection;
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: selection.kind === 'core' && connection.notifiesListChanged }, resources: {}, prompts: {} },
    instructions: INSTRUCTIONS + toolsetNote(selection),
    // A forged, expired or another caller's state is refused before any handler runs (JSON-RPC -32602), and recorded:
    // a refused confirmation is a security event (docs/security.md).
    requestState: {
      verify: async (state, mcpCtx) => {
        try {
          return await deps.confirmation.verify(state, mcpCtx);
        } catch (error) {
          await deps.audit.recordConfirmationRefused(ctx, { tool: calledTool, reason: stateRefusalReason(error) }, deps.log);
          throw error;
        }
      },
    },
  });
  server.setRequestHandler('tools/list', async () => deps.catalog.listFor(ctx, selection));
  // The connector's guide and the store's policies, and prompts for routines (src/mcp/resources.ts).
  server.setRequestHandler('resources/list', async () => ({ resources: [...RESOURCES] }));
  server.setRequestHandler('resources/read', async (request) => {
    try {
      return await readResource(deps.services, ctx, request.params.uri);
    } catch (error) {
      if (error instanceof ProtocolError) throw error;
      const form = publicError(error, { id: ctx.requestId });
      if (form.kind !== 'refused' && form.kind !== 'unavailable') deps.log.error({ err: error, uri: request.params.uri, requestId: ctx.requestId }, 'MCP resource failed');
      throw new ProtocolError(ProtocolErrorCode.InternalError, form.kind === 'refused' || form.kind === 'unavailable' ? `${form.code}: ${form.message}` : `Something failed on our side; quote request id ${ctx.requestId}.`);
    }
  });
  server.setRequestHandler('prompts/list', async () => ({ prompts: [...PROMPTS] }));
  server.setRequestHandler('prompts/get', async (request) => getPrompt(request.params.name, request.params.arguments ?? {}));

  /** find_tools and enable_toolsets: the default list's way to the rest of the catalog. */
  async function discover(name: string, given: Record<string, unknown>, mcpCtx: ServerContext): Promise<CallToolResult> {
    const visible = [...deps.catalog.byName.values()].filter((entry) => callable(entry.tool, selection) && deps.catalog.accessOf(ctx, entry.tool) !== undefined);
    const accessIn = (tool: AnyTool, enabled: readonly ToolArea[]) => {
      const how = deps.catalog.accessOf(ctx, tool);
      if (how === 'step-up') return { access: 'step-up' as const, scope: tool.permission ?? undefined };
      return { access: CORE_TOOLS.has(tool.name) || enabled.includes(tool.area) ? ('listed' as const) : ('enable' as const) };
    };
    const enabledNow = selection.kind === 'core' ? selection.enabled : [];
    if (name === 'find_tools') {
      const parsed = FindToolsInput.safeParse(given);
      if (!parsed.success) return invalidArguments(parsed.error);
      const { query, toolset } = parsed.data;
      const pool = visible.map((entry) => entry.tool).filter((tool) => toolset === undefined || tool.area === toolset);
      const found = query === undefined && toolset === undefined ? [] : rankTools(pool, query).slice(0, 12);
      const data = {
        tools: found.map((tool) => ({ name: tool.name, title: tool.title, toolset: tool.area, description: tool.description, ...accessIn(tool, enabledNow) })),
        toolsets: TOOL_AREAS.map((area) => ({
          name: area,
          purpose: TOOLSET_PURPOSE[area],
          tools: visible.filter((entry) => entry.tool.area === area).length,
          enabled: enabledNow.includes(area),
        })),
      };
      const summary = found.length === 0 ? (query ? `No tool matches "${query}"; the toolsets are below.` : 'The toolsets of this store.') : `${found.length} tools found`;
      return { content: [{ type: 'text', text: `${summary}\n${JSON.stringify(data)}` }], structuredContent: data };
    }
    const parsed = EnableToolsetsInput.safeParse(given);
    if (!parsed.success) return invalidArguments(parsed.error);
    const enabled = connection.enable(parsed.data.toolsets);
    const added = visible
      .filter((entry) => parsed.data.toolsets.includes(entry.tool.area) && !enabledNow.includes(entry.tool.area) && !CORE_TOOLS.has(entry.tool.name))
      .map((entry) => ({ name: entry.tool.name, ...accessIn(entry.tool, enabled) }));
    let listChanged: 'notified' | 'read-again' = 'read-again';
    if (connection.notifiesListChanged) {
      // 2025-era: on this call's stream, before its result, so the client reads the list again (MCP "List Changed").
      await mcpCtx.mcpReq.notify({ method: 'notifications/tools/list_changed' });
      listChanged = 'notified';
    }
    const data = { enabled: [...enabled], added, listChanged };
    const how = listChanged === 'notified' ? 'The client was told the tool list changed.' : 'Read the tool list again (tools/list) to see them.';
    return { content: [{ type: 'text', text: `Toolsets in the list: ${enabled.join(', ')}. ${how}\n${JSON.stringify(data)}` }], structuredContent: data };
  }

  server.setRequestHandler('tools/call', async (request, mcpCtx) => {
    const { name, arguments: given = {} } = request.params;
    if (selection.kind === 'core' && DISCOVERY_TOOLS.has(name)) return discover(name, given, mcpCtx);
    const entry = deps.catalog.byName.get(name);
    if (!entry || !callable(entry.tool, selection)) {
      const outside = entry ? ` It is in the toolset ${entry.tool.area}, which this connection did not ask for.` : '';
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool "${name}".${outside} Call tools/list for the tools this connection may use.`);
    }
    const { tool } = entry;
    const noted: { suspicious?: string } = {};
    const result = await runTool(tool, given, mcpCtx, noted);
    const { suspicious } = noted;
    // A round asking the merchant did nothing yet; the call is recorded once they answered.
    if ('resultType' in result) return result;
    if (suspicious) {
      await deps.audit.recordConfirmationRefused(ctx, { tool: tool.name, reason: suspicious }, deps.log);
      return result;
    }
    const error = (result.structuredContent as { error?: { code: string } } | undefined)?.error;
    // The audit log keeps changes and attempts beyond one's rights, not reads (docs/decisions/0016-audit-log.md):
    // reads of personal data are counted by the services and written in bulk.
    if (!annotationsOf(tool.does).readOnlyHint || error?.code === 'PERMISSION_DENIED') {
      await deps.audit.recordToolCall(ctx, { tool: tool.name, arguments: given, outcome: result.isError ? 'refused' : 'ok', errorCode: error?.code }, deps.log);
    }
    return result;
  });

  /** Runs a call; `noted.suspicious` says why a merchant's answer was refused that a well-behaved client never sends. */
  async function runTool(tool: AnyTool, given: Record<string, unknown>, mcpCtx: ServerContext, noted: { suspicious?: string }): Promise<CallToolResult | InputRequiredResult> {
    const parsed = tool.input.safeParse(given);
    if (!parsed.success) return invalidArguments(parsed.error);
    const args = parsed.data as Record<string, unknown>;
    try {
      if (tool.confirm && needsConfirmation(tool, args)) {
        // The merchant is never asked to consent to what the service would refuse: before asking (or answering with the
        // preview), the permissions, then the tool's precheck (the action rehearsed and rolled back, or its own
        // checks). Once they have accepted, the action itself refuses what it must.
        const beforeAsking = async () => {
          for (const permission of neededPermissions(tool, args)) requirePermission(ctx, permission);
          await tool.precheck?.(deps.services, ctx, args);
        };
        const what = tool.confirm(args);
        if (canAskMerchant(mcpCtx)) {
          // 2026-07-28: the merchant answers through the client (input_required), whatever `confirm` the model sent.
          const decision = await deps.confirmation.decide(tool, args, what, mcpCtx, beforeAsking);
          if (decision !== 'accepted') {
            if ('resultType' in decision) return decision;
            if (decision.suspicious) noted.suspicious = decision.suspicious;
            return refusal(decision.code, decision.message);
          }
        } else if (session?.elicitation) {
          // 2025-era, a client that declared elicitation: asked on this call's stream, whatever `confirm` the model sent.
          await beforeAsking();
          const answer = await deps.questions.ask(server, mcpCtx, holderOf(ctx), confirmationMessage(tool, what));
          if (answer.kind === 'unanswered') return refusal('CONFIRMATION_DECLINED', `Nothing was done: ${answer.why}.`);
          if (!answer.accepted) return refusal('CONFIRMATION_DECLINED', `Nothing was done: the merchant did not agree to ${what}.`);
        } else if (await deps.services.settings.connectorRequiresClientConfirmation(ctx)) {
          // The store takes no confirmation from the model: this client cannot ask the merchant.
          await beforeAsking();
          return refusal(
            'CONFIRMATION_CLIENT_REQUIRED',
            `Nothing was done. This would ${what}, and this store accepts that from an assistant only once the merchant confirms it in the AI client itself, which this client cannot ask them to do (it did not declare elicitation). Tell the merchant to do it themselves in the dashboard, or to use an AI client that supports MCP elicitation.`,
            [{ path: 'confirm', rule: 'is not accepted in this store: the merchant confirms in the client' }],
          );
        } else if (args.confirm !== true) {
          await beforeAsking();
          return refusal('CONFIRMATION_REQUIRED', `Nothing was done. This would ${what}. Ask the merchant, then call ${tool.name} again with confirm: true.`, [
            { path: 'confirm', rule: 'must be true' },
          ]);
        }
      }
      const { summary, data } = await tool.run(deps.services, ctx, args);
      // The output schema is the allow-list, as the REST response schemas are: unknown fields are dropped.
      const structured = tool.output.parse(data) as Record<string, unknown>;
      return { content: [{ type: 'text', text: `${summary}\n${JSON.stringify(structured)}` }], structuredContent: structured };
    } catch (error) {
      // The service refuses (permissions included) or fails; the result says which, as the REST envelope would.
      const form = publicError(error, { id: ctx.requestId });
      if (form.kind === 'refused' || form.kind === 'unavailable') return refusal(form.code, form.message, form.details);
      deps.log.error({ err: error, tool: tool.name, requestId: ctx.requestId }, 'MCP tool failed');
      return refusal('INTERNAL_ERROR', `Something failed on our side; quote request id ${ctx.requestId} when reporting it.`);
    }
  }

  return server;
}

