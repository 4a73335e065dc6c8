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

/**
 * What a tool call can do to the store: the one table that decides every tool's annotations and which calls wait for
 * the merchant's confirmation (docs/mcp.md, "Effects"). Destructive: anything that deletes, moves money (a payment
 * recorded or settled, a refund, an order marked paid, a paid order cancelled), revokes access (a credential ended: a
 * webhook signing secret rotated out too), bans, or changes who can act, whichever tool reaches it and whatever argument
 * value triggers it.
 */
export const EFFECTS = {
  reads: { destructive: false },
  creates: { destructive: false },
  changes: { destructive: false },
  deletes: { destructive: true },
  'moves-money': { destructive: true },
  'revokes-access': { destructive: true },
  bans: { destructive: true },
  'changes-who-can-act': { destructive: true },
} as const satisfies Record<string, { destructive: boolean }>;
export type Effect = keyof typeof EFFECTS;

/** Every effect any call of a tool can have, and whether the same call twice leaves the same state as once. */
export interface ToolEffects {
  effects: readonly Effect[];
  idempotent: boolean;
}

export const READ: ToolEffects = { effects: ['reads'], idempotent: true };
/** Creates something new each call. */
export const CREATE: ToolEffects = { effects: ['creates'], idempotent: false };
/** Sets fields to the given values: the same call twice leaves the same state. */
export const UPDATE: ToolEffects = { effects: ['changes'], idempotent: true };
/** Removes something. */
export const DESTROY: ToolEffects = { effects: ['deletes'], idempotent: true };

export const isDestructive = (effects: readonly Effect[]): boolean => effects.some((effect) => EFFECTS[effect].destructive);

/** MCP tool annotations (hints for the client; the server's own checks do not rely on them), from the effects only. */
export function annotationsOf(does: ToolEffects): { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean } {
  return { readOnlyHint: does.effects.every((effect) => effect === 'reads'), destructiveHint: isDestructive(does.effects), idempotentHint: does.idempotent };
}

/** Whether this call waits for the merchant's confirmation: it has a destructive effect with these arguments. */
export function needsConfirmation(tool: AnyTool, args: Record<string, unknown>): boolean {
  return isDestructive(tool.effectsOf?.(args) ?? tool.does.effects);
}

/** Every permission this call of the tool needs, as the service it reaches checks them. */
export function neededPermissions(tool: AnyTool, args: Record<string, unknown>): readonly Permission[] {
  return tool.permissionsOf?.(args) ?? (tool.permission === null ? [] : [tool.permission]);
}

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
  /**
   * When the arguments decide: every permission this call needs (`permission` and more, as the service checks them);
   * otherwise `permission` alone. The connector's step-up challenge (docs/mcp.md, "Step-up") names what it returns.
   */
  permissionsOf?: (args: z.output<I>) => readonly Permission[];
  /** What its calls can do (the table `EFFECTS`): its annotations follow from it. */
  does: ToolEffects;
  /** When the arguments decide: the effects of this call (a subset of `does.effects`); otherwise all of them. */
  effectsOf?: (args: z.output<I>) => readonly Effect[];
  /**
   * Tools with a destructive effect: a call that has one must carry `confirm: true`. Without it nothing happens and
   * the result says what would have happened (this sentence, filled in from the arguments).
   */
  confirm?: (args: z.output<I>) => string;
  /**
   * Refuses, before any confirmation is asked for, what the service would refuse anyway (the same error), so the
   * merchant is never asked to consent to something that cannot happen. Changes nothing (the services' `check…`
   * methods rehearse the action in a transaction rolled back). Runs just before the merchant would be asked (or the
   * CONFIRMATION_REQUIRED preview answered); a call carrying their acceptance runs the action, which refuses itself.
   */
  precheck?: (services: ToolServices, ctx: StoreContext, args: z.output<I>) => Promise<void>;
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

/** A resource id argument; its name says whose (`orderId`), so it carries no description of its own. */
export const Id = z.string().min(1).max(64);

/** List tools page like the REST lists: `limit` 1–100 and the opaque `cursor` of the previous page. */
export const PageInput = pageFields(PAGE, 'arguments');

export const PaginationOutput = pageSchema('pass as cursor to get the next page; null on the last page');

export function listOutput<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), pagination: PaginationOutput });
}

export const DeletedOutput = z.object({ id: z.string().describe('the id of what was deleted'), deleted: z.literal(true) });
