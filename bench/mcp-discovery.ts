/**
 * The default tool list and discovery, measured (no load, no model): the bytes of `tools/list` per credential kind,
 * default and `toolsets=all`, and a scripted session that starts from the default list, finds `refund_order` with
 * `find_tools`, enables its toolset, reads the list again, finds the order and refunds it, the merchant accepting in
 * the client (elicitation): every HTTP request the SDK client makes is counted. Results go to bench/mcp.md.
 *
 *   node bench/mcp-discovery.ts
 */
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { startTestApp } from '../test/helpers/app.ts';
import { createApiKey, signup } from '../test/helpers/merchants.ts';
import { connectV1, ok } from '../test/helpers/mcp.ts';
import { connect } from '../test/helpers/oauth.ts';

const port = 3918;
const base = `http://127.0.0.1:${port}`;
const t = await startTestApp('sqlite', { baseUrl: base });
await t.app.listen({ host: '127.0.0.1', port });
const merchant = await signup(t.app);
const { key } = await createApiKey(t.app, merchant, { name: 'bench' });

// ---- bytes of tools/list per credential kind -----------------------------------------------------------------------
const credentials: Array<[string, Record<string, string>]> = [
  ['API key, every permission', { 'x-merchantapikey': key }],
  ['API key, products:read only', { 'x-merchantapikey': (await createApiKey(t.app, merchant, { name: 'ro', permissions: ['products:read'] })).key }],
  ['session token (owner)', merchant.auth],
  ['app, mcp:store', (await connect(t.app, merchant)).auth],
  ['app, orders:read', (await connect(t.app, merchant, { scope: 'orders:read' })).auth],
];
async function listing(headers: Record<string, string>, toolsets?: string): Promise<{ tools: number; bytes: number }> {
  const res = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', ...headers, ...(toolsets ? { 'mcp-toolsets': toolsets } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  const text = await res.text();
  const { result } = JSON.parse(text.slice(text.indexOf('data: ') + 6)) as { result: { tools: unknown[] } };
  return { tools: result.tools.length, bytes: Buffer.byteLength(JSON.stringify({ tools: result.tools })) };
}
console.log('| Credential | Default list: tools | Default list: bytes | toolsets=all: tools | toolsets=all: bytes |');
console.log('|---|---|---|---|---|');
for (const [name, headers] of credentials) {
  const [core, all] = [await listing(headers), await listing(headers, 'all')];
  console.log(`| ${name} | ${core.tools} | ${core.bytes.toLocaleString('en')} | ${all.tools} | ${all.bytes.toLocaleString('en')} |`);
}

// ---- a paid order to refund -----------------------------------------------------------------------------------------
// Made through the connector itself (toolsets=all, a client without elicitation: confirm: true).
const setup = await connectV1(base, { 'x-merchantapikey': key, 'mcp-toolsets': 'all' });
async function paidOrder(): Promise<string> {
  const { product } = await ok(setup, 'create_product', { type: 'SIMPLE', name: 'Mug', price: 12, quantityInStock: 10, status: 'active' });
  const { customer } = await ok(setup, 'create_customer', { name: 'Ada Buyer', email: `ada${Date.now()}@example.com`, addresses: [{ line1: '1 Main St', city: 'Springfield', countryId: 'US', stateId: 'US-IL' }] });
  const { order } = await ok(setup, 'place_order', { customerId: customer.id, lines: [{ skuId: product.skuId, quantity: 1 }] });
  await ok(setup, 'update_order_status', { orderId: order.id, to: 'paid', confirm: true });
  return order.id;
}

// ---- the scripted session -------------------------------------------------------------------------------------------
type Step = { what: string; requests: number };
function counting() {
  const log: string[] = [];
  const wrapped = async (url: string | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string; result?: unknown }) : undefined;
    log.push(`${init?.method ?? 'GET'} ${body?.method ?? (body?.result ? 'response' : '')}`);
    return fetch(url, init);
  };
  return { log, fetch: wrapped };
}

async function session2025(orderId: string): Promise<Step[]> {
  const http = counting();
  const client = new Client({ name: 'bench-v1', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { confirm: true } }));
  let changed = false;
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    changed = true;
  });
  const steps: Step[] = [];
  const step = async (what: string, run: () => Promise<unknown>) => {
    const before = http.log.length;
    await run();
    steps.push({ what, requests: http.log.length - before });
  };
  await step('connect (initialize, initialized, the GET stream attempt)', () =>
    client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { 'x-merchantapikey': key } }, fetch: http.fetch })),
  );
  await step('tools/list (default)', () => client.listTools());
  await step('find_tools "refund an order"', () => client.callTool({ name: 'find_tools', arguments: { query: 'refund an order' } }));
  await step('enable_toolsets ["orders"] (list_changed on its stream)', () => client.callTool({ name: 'enable_toolsets', arguments: { toolsets: ['orders'] } }));
  if (!changed) throw new Error('no list_changed');
  await step('tools/list (refund_order listed)', async () => {
    if (!(await client.listTools()).tools.some((tool) => tool.name === 'refund_order')) throw new Error('refund_order not listed');
  });
  await step('list_orders', () => client.callTool({ name: 'list_orders', arguments: { status: 'paid' } }));
  await step('refund_order (elicitation/create on its stream, the answer POSTed)', async () => {
    const result = (await client.callTool({ name: 'refund_order', arguments: { orderId } })) as { isError?: boolean; content: unknown };
    if (result.isError) throw new Error(JSON.stringify(result.content));
  });
  await client.close();
  return steps;
}

async function session2026(orderId: string): Promise<Step[]> {
  const http = counting();
  const client = new ClientV2({ name: 'bench-v2', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'auto' } });
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { confirm: true } }));
  const steps: Step[] = [];
  const step = async (what: string, run: () => Promise<unknown>) => {
    const before = http.log.length;
    await run();
    steps.push({ what, requests: http.log.length - before });
  };
  // A key of its own: on 2026-07-28 the choice of toolsets is kept per credential.
  const own = (await createApiKey(t.app, merchant, { name: 'bench 2026' })).key;
  await step('connect (server/discover)', () => client.connect(new TransportV2(new URL(`${base}/mcp`), { requestInit: { headers: { 'x-merchantapikey': own } }, fetch: http.fetch })));
  await step('tools/list (default)', () => client.listTools());
  await step('find_tools "refund an order"', () => client.callTool({ name: 'find_tools', arguments: { query: 'refund an order' } }));
  await step('enable_toolsets ["orders"]', () => client.callTool({ name: 'enable_toolsets', arguments: { toolsets: ['orders'] } }));
  await step('tools/list (refund_order listed)', async () => {
    if (!(await client.listTools()).tools.some((tool) => tool.name === 'refund_order')) throw new Error('refund_order not listed');
  });
  await step('list_orders', () => client.callTool({ name: 'list_orders', arguments: { status: 'paid' } }));
  await step('refund_order (input_required, then the retry with the answer)', async () => {
    const result = (await client.callTool({ name: 'refund_order', arguments: { orderId } })) as { isError?: boolean; content: unknown };
    if (result.isError) throw new Error(JSON.stringify(result.content));
  });
  await client.close();
  return steps;
}

for (const [name, run] of [
  ['2025-11-25, SDK v1 client with elicitation', session2025],
  ['2026-07-28, SDK v2 client with elicitation', session2026],
] as const) {
  const steps = await run(await paidOrder());
  console.log(`\n${name}\n\n| Step | HTTP requests |\n|---|---|`);
  for (const s of steps) console.log(`| ${s.what} | ${s.requests} |`);
  console.log(`| **total** | **${steps.reduce((sum, s) => sum + s.requests, 0)}** |`);
}
await setup.close();
await t.close();
