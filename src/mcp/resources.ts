import { readFileSync } from 'node:fs';
import type { GetPromptResult, Prompt, ReadResourceResult, Resource } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError } from '@modelcontextprotocol/server';
import type { StoreContext } from '../context.ts';
import { ORDER_TRANSITIONS } from '../domain/orders/order-lifecycle.ts';
import type { ToolServices } from './tool.ts';

/**
 * What the connector offers besides tools (docs/mcp.md, "Resources and prompts"): two resources an assistant reads
 * before acting (this connector's guide and the store's policies) and two prompts for routines merchants ask for
 * (a daily summary, a restock plan). Resources only read; prompts only write the request, the tools do the work.
 */

export const GUIDE_URI = 'commerce://connector/guide';
export const POLICIES_URI = 'commerce://store/policies';

/** The guide is part of the code (src/mcp/guide.md), read once. */
const GUIDE = readFileSync(new URL('./guide.md', import.meta.url), 'utf8');

export const RESOURCES: readonly Resource[] = [
  {
    uri: GUIDE_URI,
    name: 'connector-guide',
    title: 'How to work with this store',
    description: 'Finding tools, actions that need the merchant, reading answers and refusals. Read it before the first action.',
    mimeType: 'text/markdown',
  },
  {
    uri: POLICIES_URI,
    name: 'store-policies',
    title: 'Store policies',
    description: 'Currency, time zone and mode; the order lifecycle (allowed moves and what each does); accepted payment methods; how the store takes consent for destructive actions.',
    mimeType: 'application/json',
  },
];

/** The store's policies as this caller may read them: what needs a permission it lacks is left out, saying so. */
async function policies(services: ToolServices, ctx: StoreContext) {
  const store = await services.stores.getBusiness(ctx);
  const canReadPayments = ctx.permissions.has('payments:read');
  const acceptedPaymentMethods = canReadPayments ? (await services.payments.getOptions(ctx)).enabled : null;
  const clientOnly = await services.settings.connectorRequiresClientConfirmation(ctx);
  return {
    store: { name: store.name, currency: store.currency, timezone: store.timezone, mode: ctx.tenant.mode },
    orderLifecycle: Object.fromEntries(
      Object.entries(ORDER_TRANSITIONS).map(([from, moves]) => [from, moves.map((move) => ({ to: move.to, does: move.description }))]),
    ),
    acceptedPaymentMethods,
    ...(canReadPayments ? {} : { acceptedPaymentMethodsNote: 'needs payments:read, which this connection does not have' }),
    consent: {
      destructiveActions: 'deleting, refunding, cancelling a paid order, recording or settling a payment, marking an order paid, banning, rotating a webhook secret',
      confirmArgumentAccepted: !clientOnly,
      how: clientOnly
        ? 'Only in the AI client: the server asks the merchant with a form; a client that cannot show one is refused (CONFIRMATION_CLIENT_REQUIRED).'
        : 'The server asks the merchant with a form when the client can show one; otherwise ask the merchant in the chat and send confirm: true only if they agree.',
    },
  };
}

export async function readResource(services: ToolServices, ctx: StoreContext, uri: string): Promise<ReadResourceResult> {
  if (uri === GUIDE_URI) return { contents: [{ uri, mimeType: 'text/markdown', text: GUIDE }] };
  if (uri === POLICIES_URI) return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(await policies(services, ctx), null, 2) }] };
  // -32602 with data.uri on every version (the 2026-07-28 rule, which the SDK applies to both eras).
  throw new ResourceNotFoundError(uri, `Resource not found: ${uri}. Resources: ${RESOURCES.map((r) => r.uri).join(', ')}.`);
}

export const PROMPTS: readonly Prompt[] = [
  {
    name: 'daily_summary',
    title: 'Daily summary',
    description: 'How the store did on a day: sales, orders that need attention, stock running low.',
    arguments: [{ name: 'date', description: 'the day, YYYY-MM-DD in the store time zone; today when left out', required: false }],
  },
  {
    name: 'restock_plan',
    title: 'Restock plan',
    description: 'What to reorder and how much, from low stock and recent sales; changes nothing.',
    arguments: [{ name: 'weeks', description: 'how many weeks of sales the plan should cover; 4 when left out', required: false }],
  },
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function getPrompt(name: string, args: Record<string, string> = {}): GetPromptResult {
  if (name === 'daily_summary') {
    const date = args.date?.trim() || 'today';
    if (date !== 'today' && !DATE.test(date)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'date must be YYYY-MM-DD');
    const day = date === 'today' ? 'today (in the store time zone: see get_store_profile)' : date;
    return {
      description: `Daily summary for ${day}`,
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: [
              `Give me a short summary of how my store did ${date === 'today' ? 'today' : `on ${date}`}.`,
              `1. get_sales_summary for ${day}: revenue, orders, average order value, and the change from the day before.`,
              '2. list_orders created that day: how many are still pending (unpaid) or paid but not fulfilled; name the oldest few with their totals.',
              '3. list_low_stock: the products at or under the low-stock threshold.',
              'Answer in a few lines with the numbers, then what needs my attention first. Do not change anything.',
            ].join('\n'),
          },
        },
      ],
    };
  }
  if (name === 'restock_plan') {
    const weeks = args.weeks?.trim() || '4';
    if (!/^\d{1,2}$/.test(weeks) || Number(weeks) < 1) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'weeks must be a whole number from 1 to 99');
    return {
      description: `Restock plan covering ${weeks} weeks of sales`,
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: [
              `Make me a restock plan that covers the next ${weeks} weeks of sales.`,
              '1. list_low_stock for the SKUs at or under the threshold (get_store_profile for the currency).',
              `2. Find the inventory and analytics tools with find_tools ("stock levels", "daily sales") and enable their toolsets; read the units sold per SKU over the last ${weeks} weeks (export_daily_sales, list_stock_levels).`,
              `3. For each SKU: units in stock, units sold per week, weeks left at that pace, and the units to order so that ${weeks} weeks are covered.`,
              'Show it as a table, most urgent first. Do not adjust stock or change anything: this is a plan for me to act on.',
            ].join('\n'),
          },
        },
      ],
    };
  }
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt "${name}". Prompts: ${PROMPTS.map((p) => p.name).join(', ')}.`);
}
