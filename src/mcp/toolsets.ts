import { z } from 'zod';
import { boundedLru } from '../http/bounded-lru.ts';
import { type AnyTool, TOOL_AREAS, type ToolArea } from './tool.ts';

/**
 * Which tools a connection lists (docs/mcp.md, "Default list and discovery"; decisions/0027):
 *
 * - `core` (the default): a short list of everyday tools, the discovery tools (`find_tools`, `enable_toolsets`), and
 *   the toolsets the connection enabled. Every tool of the catalog stays callable: the listing is what the model sees,
 *   not a limit (the services check permissions, as on REST).
 * - `all` (`?toolsets=all`): every tool, as before the default list existed.
 * - `areas` (`?toolsets=orders,products`): those toolsets only; a call to another toolset's tool is refused.
 */
export type Selection = { kind: 'core'; enabled: readonly ToolArea[] } | { kind: 'all' } | { kind: 'areas'; areas: readonly ToolArea[] };

export const ALL_TOOLS: Selection = { kind: 'all' };

/**
 * The tools a default connection lists: what a merchant's assistant needs in most conversations (how the store is doing,
 * orders, products, stock running low, and who it is acting as), under 20 KB with the discovery tools.
 */
export const CORE_TOOLS: ReadonlySet<string> = new Set([
  'get_sales_summary',
  'list_products',
  'list_low_stock',
  'list_orders',
  'get_order',
  'get_store_profile',
  'get_my_permissions',
]);

/** What each toolset is for, in the words find_tools and the instructions use. */
export const TOOLSET_PURPOSE: Record<ToolArea, string> = {
  analytics: 'sales figures and exports',
  products: 'products, variants and SKUs: create, change, delete',
  orders: 'orders: place, change, move through their lifecycle, cancel, refund',
  customers: 'customers: create, change, ban',
  inventory: 'stock levels and adjustments, stock locations and transfers, the low-stock threshold',
  payments: 'payment options, payments of an order, payment links',
  categories: 'product categories',
  promotions: 'discount codes and promo ads',
  reviews: 'product reviews and replies',
  store: 'store profile, settings, audit log, delivery zones, webhooks',
};

/** Whether a connection with this selection lists a tool (permissions aside). */
export function inListing(tool: AnyTool, selection: Selection): boolean {
  if (selection.kind === 'all') return true;
  if (selection.kind === 'areas') return selection.areas.includes(tool.area);
  return CORE_TOOLS.has(tool.name) || selection.enabled.includes(tool.area);
}

/** Whether a connection with this selection may call a tool: every tool, unless the connection chose toolsets. */
export function callable(tool: AnyTool, selection: Selection): boolean {
  return selection.kind !== 'areas' || selection.areas.includes(tool.area);
}

/** A key for the kept `tools/list` answers: the same selection written differently shares one. */
export function selectionKey(selection: Selection): string {
  if (selection.kind === 'all') return '*';
  if (selection.kind === 'areas') return `areas:${selection.areas.join(',')}`;
  return `core:${selection.enabled.join(',')}`;
}

/** Toolset names in the catalog's order, without repeats. */
export function inCatalogOrder(names: Iterable<string>): ToolArea[] {
  const given = new Set(names);
  return TOOL_AREAS.filter((area) => given.has(area));
}

/**
 * The toolsets a connection asked for (`?toolsets=` or the `MCP-Toolsets` header: names, comma-separated, or `all`),
 * the default list when none; an unknown name is a message naming it and the known ones.
 */
export function parseToolsets(given: string | undefined): { selection: Selection } | { error: string } {
  if (given === undefined || given.trim() === '') return { selection: { kind: 'core', enabled: [] } };
  const names = [...new Set(given.split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== ''))];
  if (names.length === 1 && names[0] === 'all') return { selection: ALL_TOOLS };
  const unknown = names.filter((name) => !(TOOL_AREAS as readonly string[]).includes(name));
  if (unknown.length > 0) return { error: `Unknown toolset ${unknown.map((name) => `"${name}"`).join(', ')}. Toolsets: ${TOOL_AREAS.join(', ')}, or all.` };
  return { selection: { kind: 'areas', areas: inCatalogOrder(names) } };
}

/** How long a connection's enabled toolsets are kept since last enabled or read. */
export const ENABLED_TTL_MS = 24 * 60 * 60 * 1000;
/** How many connections' choices a process keeps (the least recently used dropped first). */
const KEPT_CHOICES = 10_000;

/**
 * The toolsets each connection enabled, in this process: keyed by the 2025-era session id, or by the credential on
 * 2026-07-28 (which has no session). Only a listing preference: a connection whose choice is not here (another
 * instance, a restart, 24 hours unused) lists the default tools again and may still call every tool.
 */
export function enabledToolsets() {
  const kept = boundedLru<{ areas: readonly ToolArea[]; until: number }>(KEPT_CHOICES, () => 1);
  return {
    get(key: string, now = Date.now()): readonly ToolArea[] {
      const entry = kept.get(key);
      if (!entry || entry.until < now) return [];
      entry.until = now + ENABLED_TTL_MS;
      return entry.areas;
    },
    /** Adds areas to a connection's choice; answers the whole choice. */
    enable(key: string, areas: readonly ToolArea[], now = Date.now()): readonly ToolArea[] {
      const all = inCatalogOrder([...this.get(key, now), ...areas]);
      kept.set(key, { areas: all, until: now + ENABLED_TTL_MS });
      return all;
    },
  };
}
export type EnabledToolsets = ReturnType<typeof enabledToolsets>;

// ---- the discovery tools ------------------------------------------------------------------------------------------

const ToolsetName = z.enum(TOOL_AREAS);

export const FindToolsInput = z.strictObject({
  query: z.string().max(200, 'must be at most 200 characters').optional().describe('words for what the merchant wants done, e.g. "refund an order"'),
  toolset: ToolsetName.optional().describe('only this toolset'),
});

export const EnableToolsetsInput = z.strictObject({
  toolsets: z.array(ToolsetName).min(1, 'must name at least one toolset').max(TOOL_AREAS.length).describe('toolsets to add to this connection’s tool list'),
});

const Access = z.enum(['listed', 'enable', 'step-up']);

export const FindToolsOutput = z.object({
  tools: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      toolset: z.string(),
      description: z.string(),
      access: Access,
      scope: z.string().optional(),
    }),
  ),
  toolsets: z.array(z.object({ name: z.string(), purpose: z.string(), tools: z.number().int(), enabled: z.boolean() })),
});

export const EnableToolsetsOutput = z.object({
  enabled: z.array(z.string()),
  added: z.array(z.object({ name: z.string(), access: Access, scope: z.string().optional() })),
  listChanged: z.enum(['notified', 'read-again']),
});

/** The discovery tools of the default list (read-only: they change nothing in the store, only what this connection lists). */
export const DISCOVERY_DEFINITIONS = [
  {
    name: 'find_tools',
    title: 'Find tools',
    description:
      'Finds the tools for a task among all of this store’s tools, most of which are not in the list yet. access says how to use each: listed (call it), enable (call enable_toolsets with its toolset first), step-up (enable its toolset; the first call asks the merchant to grant scope to this app). Without arguments: the toolsets and what each is for.',
    input: FindToolsInput,
    output: FindToolsOutput,
  },
  {
    name: 'enable_toolsets',
    title: 'Add toolsets',
    description: 'Adds whole toolsets to this connection’s tool list. The client is told the list changed, or you read tools/list again; the store itself is not changed.',
    input: EnableToolsetsInput,
    output: EnableToolsetsOutput,
  },
] as const;

export const DISCOVERY_TOOLS: ReadonlySet<string> = new Set(['find_tools', 'enable_toolsets']);

const STOP_WORDS = new Set(['a', 'an', 'the', 'to', 'of', 'for', 'and', 'or', 'my', 'me', 'all', 'with', 'in', 'on', 'from', 'by', 'is', 'it', 'this', 'that']);

/** A query's words, each cut to a stem ("refunds", "refunded" → "refund") and matched at the start of a word. */
function stems(query: string | undefined): string[] {
  return (query ?? '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map((word) => (word.length > 4 ? word.replace(/(ing|ed|es|s)$/, '') : word));
}

const hasWord = (text: string, stem: string) => new RegExp(`(^|[^a-z0-9])${stem}`).test(text);

/**
 * The tools that match a query, best first: per query word, 3 points when the tool's name has it, 2 when its title
 * does, 1 when its description or toolset does; ties keep the catalog's order.
 */
export function rankTools(tools: readonly AnyTool[], query: string | undefined): AnyTool[] {
  const words = stems(query);
  if (words.length === 0) return [...tools];
  const scored = tools.map((tool) => {
    const name = tool.name.replaceAll('_', ' ');
    const title = tool.title.toLowerCase();
    const rest = `${tool.description} ${tool.area}`.toLowerCase();
    const score = words.reduce((sum, word) => sum + (hasWord(name, word) ? 3 : hasWord(title, word) ? 2 : hasWord(rest, word) ? 1 : 0), 0);
    return { tool, score };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((entry) => entry.tool);
}
