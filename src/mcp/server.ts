import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { StoreContext } from '../context.ts';
import type { AuditService } from '../domain/audit/audit-service.ts';
import type { ErrorCode, ErrorDetail } from '../errors.ts';
import { describeDetails, publicError } from '../public-error.ts';
import { type AnyTool, annotationsOf, isDestructive, needsConfirmation, type ToolServices } from './tool.ts';

export const SERVER_INFO = { name: 'commerce-service', title: 'Commerce store', version: '1.0.0' } as const;

const INSTRUCTIONS =
  'Tools to run one merchant store: products and their variants, categories, stock, orders, customers, discount codes and promo ads, reviews, sales figures and the store profile. ' +
  'Amounts are decimals in the store currency. Lists page with limit and cursor (pass pagination.nextCursor). ' +
  'Tools that delete, move money (payments, refunds, marking an order paid, cancelling a paid order), revoke access or ban need confirm: true; ask the merchant before sending it. ' +
  'A refusal comes back with isError and structuredContent.error.code (the codes of the REST API, docs/errors.md).';

/** The error object of a refused call, in `structuredContent.error`. */
const ToolErrorShape = z.object({
  code: z.string().describe('stable code, as on the REST API (docs/errors.md)'),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), rule: z.string() })),
});

interface Listed {
  tool: AnyTool;
  listing: Tool;
}

/** `skus.0.price` as the REST API names fields: `skus[0].price`. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc === '' ? String(part) : `${acc}.${String(part)}`), '');
}

/**
 * The JSON Schema of a tool's structured result: the result object, or `{ error }` on a refusal (`isError: true`).
 * Both are objects, so clients that check `structuredContent` against the schema accept either.
 */
function outputJsonSchema(output: z.ZodType): Tool['outputSchema'] {
  const json = z.toJSONSchema(output, { io: 'output' }) as Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };
  const { $schema: _schema, required = [], ...rest } = json;
  return {
    ...rest,
    type: 'object',
    properties: { ...rest.properties, error: z.toJSONSchema(ToolErrorShape, { io: 'output' }) },
    anyOf: [{ required }, { required: ['error'] }],
  } as Tool['outputSchema'];
}

function inputJsonSchema(input: z.ZodType): Tool['inputSchema'] {
  const { $schema: _schema, ...json } = z.toJSONSchema(input, { io: 'input' }) as Record<string, unknown>;
  return { ...json, type: 'object' } as Tool['inputSchema'];
}

/** Tool listings are computed once per catalog (the schemas do not change at run time). */
export function listTools(tools: readonly AnyTool[]): Listed[] {
  const names = new Set<string>();
  return tools.map((tool) => {
    if (names.has(tool.name)) throw new Error(`duplicate MCP tool ${tool.name}`);
    names.add(tool.name);
    // The effects table decides confirmation: a tool that can be destructive says what a call would do, and no other.
    if (isDestructive(tool.does.effects) !== (tool.confirm !== undefined)) throw new Error(`MCP tool ${tool.name}: a confirmation text exactly when an effect is destructive`);
    const permissionNote = tool.permission === null ? 'Needs: any member of the store.' : `Needs: ${tool.permission}.`;
    return {
      tool,
      listing: {
        name: tool.name,
        title: tool.title,
        description: `${tool.description} ${permissionNote}`,
        inputSchema: inputJsonSchema(tool.input),
        outputSchema: outputJsonSchema(tool.output),
        annotations: { title: tool.title, ...annotationsOf(tool.does), openWorldHint: false },
        _meta: { 'commerce-service/permission': tool.permission, 'commerce-service/area': tool.area },
      },
    };
  });
}

/**
 * Whether `tools/list` shows a tool to the caller: its permission is among the caller's (granted scopes ∩ the
 * merchant's role). Only a listing filter: a call is refused by the service it reaches, as on REST.
 */
function mayUse(ctx: StoreContext, tool: AnyTool): boolean {
  return tool.permission === null || ctx.permissions.has(tool.permission);
}

function refusal(code: ErrorCode, message: string, details: ErrorDetail[] = []): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: `${code}: ${message}` }],
    structuredContent: { error: { code, message, details: details.map(({ path, rule }) => ({ path, rule })) } },
  };
}

export interface ConnectorDeps {
  services: ToolServices;
  audit: Pick<AuditService, 'recordToolCall'>;
  tools: Listed[];
  log: { error(obj: object, msg: string): void };
}

/**
 * One MCP server instance for one HTTP request, bound to the caller's store context (stateless: nothing outlives the
 * request). `tools/list` shows the tools the caller may use; `tools/call` validates the arguments with the same zod
 * shapes as the REST routes and calls the same service, which refuses what the caller may not do; the audit service
 * records every call.
 */
export function createConnectorServer(deps: ConnectorDeps, ctx: StoreContext): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  const byName = new Map(deps.tools.map((entry) => [entry.tool.name, entry]));

  server.setRequestHandler('tools/list', async () => ({ tools: deps.tools.filter((entry) => mayUse(ctx, entry.tool)).map((entry) => entry.listing) }));

  server.setRequestHandler('tools/call', async (request) => {
    const { name, arguments: given = {} } = request.params;
    const entry = byName.get(name);
    if (!entry) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool "${name}". Call tools/list for the tools this connection may use.`);
    const { tool } = entry;
    const result = await runTool(tool, given);
    const error = (result.structuredContent as { error?: { code: string } } | undefined)?.error;
    await deps.audit.recordToolCall(ctx, { tool: tool.name, arguments: given, outcome: result.isError ? 'refused' : 'ok', errorCode: error?.code }, deps.log);
    return result;
  });

  async function runTool(tool: AnyTool, given: Record<string, unknown>): Promise<CallToolResult> {
    const parsed = tool.input.safeParse(given);
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => ({ path: fieldPath(issue.path) || '(arguments)', rule: issue.message }));
      return refusal('VALIDATION_FAILED', `The arguments are not valid: ${describeDetails(details)}.`, details);
    }
    const args = parsed.data as Record<string, unknown>;
    try {
      await tool.precheck?.(deps.services, ctx, args);
      if (tool.confirm && args.confirm !== true && needsConfirmation(tool, args)) {
        return refusal('CONFIRMATION_REQUIRED', `Nothing was done. This would ${tool.confirm(args)}. Ask the merchant, then call ${tool.name} again with confirm: true.`, [
          { path: 'confirm', rule: 'must be true' },
        ]);
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

