import { z } from 'zod';
import type { Container } from '../container.ts';
import type { StoreContext } from '../context.ts';
import type { Permission } from '../domain/shared/permissions.ts';
import { PAGE, pageFields, pageSchema } from '../wire/page.ts';

/** The tool areas of the AI connector (docs/mcp.md, "Tools"). */
export const TOOL_AREAS = ['analytics', 'products', 'orders', 'customers', 'inventory', 'payments', 'categories', 'promotions', 'reviews', 'store'] as const;
export type ToolArea = (typeof TOOL_AREAS)[number];

/** The domain services a tool may call: the same ones the REST routes call. */
export type ToolServices = Container['services'];

/** MCP tool annotations (hints for the client; the server's own checks do not rely on them). */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
}

export const READ: ToolHints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true };
/** Creates something new each call. */
export const CREATE: ToolHints = { readOnlyHint: false, destructiveHint: false, idempotentHint: false };
/** Sets fields to the given values: the same call twice leaves the same state. */
export const UPDATE: ToolHints = { readOnlyHint: false, destructiveHint: false, idempotentHint: true };
/** Removes or irreversibly changes something. */
export const DESTROY: ToolHints = { readOnlyHint: false, destructiveHint: true, idempotentHint: true };

/** What a tool hands back: a one-line summary for the text content and the structured result. */
export interface ToolOutcome<O> {
  summary: string;
  data: O;
}

/**
 * One MCP tool: a name, the permission it needs, its input and output shapes (zod, shared with the REST routes where
 * the REST route has them) and a handler that calls the same domain service as the REST route for the same action.
 */
export interface ToolDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  area: ToolArea;
  title: string;
  /** What it does and when to use it, written for an assistant. */
  description: string;
  /** The permission the tool needs, to show it in `tools/list` (the service refuses a call); null: any member of the store. */
  permission: Permission | null;
  hints: ToolHints;
  /**
   * Destructive or money-moving tools: the call must carry `confirm: true`. Without it nothing happens and the
   * result says what would have happened (this sentence, filled in from the arguments).
   */
  confirm?: (args: z.output<I>) => string;
  input: I;
  /** The structured result (`structuredContent`): always an object. */
  output: O;
  run(services: ToolServices, ctx: StoreContext, args: z.output<I>): Promise<ToolOutcome<z.input<O>>>;
}

/** Erases the generic parameters so tools of different shapes sit in one catalog. */
export type AnyTool = ToolDefinition<z.ZodType, z.ZodType>;

export function defineTool<I extends z.ZodType, O extends z.ZodType>(tool: ToolDefinition<I, O>): AnyTool {
  return tool as unknown as AnyTool;
}

// ---- shared input and output pieces -------------------------------------------------------------------------------

export const Id = (what: string) => z.string().min(1).max(64).describe(`the ${what} id`);

/** List tools page like the REST lists: `limit` 1–100 and the opaque `cursor` of the previous page. */
export const PageInput = pageFields(PAGE, 'arguments');

export const PaginationOutput = pageSchema('pass as cursor to get the next page; null on the last page');

export function listOutput<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), pagination: PaginationOutput });
}

export const DeletedOutput = z.object({ id: z.string().describe('the id of what was deleted'), deleted: z.literal(true) });
