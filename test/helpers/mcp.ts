import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startListeningApp } from './chromium.ts';
import type { DatabaseKind } from './databases.ts';
import { createApiKey, client as jsonClient, type Merchant, signup } from './merchants.ts';

type ListeningApp = Awaited<ReturnType<typeof startListeningApp>>;

/** Connects the v1 SDK client (`@modelcontextprotocol/sdk`) to `<baseUrl>/mcp` with the given headers. */
export async function connectV1(baseUrl: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'commerce-test-v1', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }));
  return client;
}

/** Connects the v2 client (`@modelcontextprotocol/client`); `modern` negotiates 2026-07-28. */
export async function connectV2(baseUrl: string, headers: Record<string, string>, modern = false): Promise<ClientV2> {
  const client = new ClientV2({ name: 'commerce-test-v2', version: '1.0.0' }, modern ? { versionNegotiation: { mode: 'auto' } } : {});
  await client.connect(new TransportV2(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }));
  return client;
}

interface ToolResult {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content?: unknown;
}

type Caller = { callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown> };

/** Calls a tool and returns its structured result, failing the test on a refusal. */
export async function ok(client: Caller, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = (await client.callTool({ name, arguments: args })) as ToolResult;
  assert.ok(!result.isError, `${name} was refused: ${JSON.stringify(result.content)}`);
  assert.ok(result.structuredContent, `${name} has structured content`);
  return result.structuredContent;
}

/** Calls a tool that must be refused and returns `structuredContent.error`. */
export async function refused(client: Caller, name: string, args: Record<string, unknown> = {}): Promise<{ code: string; message: string; details: Array<{ path: string; rule: string }> }> {
  const result = (await client.callTool({ name, arguments: args })) as ToolResult;
  assert.equal(result.isError, true, `${name} should be refused: ${JSON.stringify(result.structuredContent)}`);
  const error = (result.structuredContent as { error?: { code: string; message: string; details: Array<{ path: string; rule: string }> } } | undefined)?.error;
  assert.ok(error, 'a refusal carries structuredContent.error');
  return error;
}

/** What the merchant answers to a confirmation form, and the forms they were shown. */
export interface Merchant2026 {
  client: ClientV2;
  /** The messages of the forms shown so far. */
  asked: string[];
  /** The answer to the next forms (default: accept with confirm true). */
  answer: { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string | number | boolean> };
  /** Rewrites each JSON-RPC message the client sends, to play a client that tampers (identity by default). */
  tamper: (message: any) => any;
  /** Every JSON-RPC message the client sent, after tampering. */
  sent: any[];
}

/**
 * The v2 client on protocol 2026-07-28, declaring form elicitation: its `elicitation/create` handler plays the merchant
 * (records the form's message, answers `answer`), and the SDK retries the call with the answer and the state.
 */
export async function connectEliciting(baseUrl: string, headers: Record<string, string>): Promise<Merchant2026> {
  const client = new ClientV2({ name: 'commerce-test-eliciting', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'auto' } });
  const merchant: Merchant2026 = { client, asked: [], answer: { action: 'accept', content: { confirm: true } }, tamper: (message) => message, sent: [] };
  client.setRequestHandler('elicitation/create', async (request) => {
    merchant.asked.push(request.params.message);
    return merchant.answer;
  });
  const fetchTampered = async (url: string | URL, init?: RequestInit) => {
    if (typeof init?.body === 'string') {
      const message = merchant.tamper(JSON.parse(init.body));
      merchant.sent.push(message);
      init = { ...init, body: JSON.stringify(message) };
    }
    return fetch(url, init);
  };
  await client.connect(new TransportV2(new URL(`${baseUrl}/mcp`), { requestInit: { headers }, fetch: fetchTampered }));
  return merchant;
}

/** A client on a 2025-era protocol that declares elicitation: its `elicitation/create` handler plays the merchant. */
export interface Merchant2025 {
  client: { callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>; close(): Promise<void> };
  /** The messages of the forms shown so far. */
  asked: string[];
  /** The answer to the next forms (default: accept with confirm true); a function runs while the question waits. */
  answer: { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string | number | boolean> } | ((id: string | number) => Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: Record<string, boolean> }>);
  /** The session id the server gave at initialize. */
  sessionId(): string | undefined;
}

/**
 * The v1 SDK client (`sdk: 'v1'`) or the v2 client on 2025-11-25 (`'v2'`), declaring form elicitation at initialize:
 * the server asks with `elicitation/create` on the call's stream and the client POSTs the answer back.
 */
export async function connectEliciting2025(baseUrl: string, headers: Record<string, string>, sdk: 'v1' | 'v2'): Promise<Merchant2025> {
  const asked: string[] = [];
  const merchant: Merchant2025 = { client: undefined as never, asked, answer: { action: 'accept', content: { confirm: true } }, sessionId: () => undefined };
  const answer = async (message: string, id: string | number) => {
    asked.push(message);
    return typeof merchant.answer === 'function' ? merchant.answer(id) : merchant.answer;
  };
  if (sdk === 'v1') {
    const { ElicitRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');
    const client = new Client({ name: 'commerce-test-v1-eliciting', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => answer(request.params.message, extra.requestId));
    const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } });
    await client.connect(transport);
    merchant.client = client;
    merchant.sessionId = () => transport.sessionId;
  } else {
    const client = new ClientV2({ name: 'commerce-test-v2-eliciting', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler('elicitation/create', async (request, ctx) => answer(request.params.message, ctx.mcpReq.id));
    const transport = new TransportV2(new URL(`${baseUrl}/mcp`), { requestInit: { headers } });
    await client.connect(transport);
    merchant.client = client;
    merchant.sessionId = () => transport.sessionId;
  }
  return merchant;
}

/**
 * An MCP tool suite of `describeEachDatabase` on `kind`'s database: before its tests, the app listening on a loopback
 * port (with `app`'s options), a merchant signed up, a REST client (`call`) and the v1 SDK client of the merchant's API
 * key with every toolset (`mcp`); after them, `mcp`, every client given to `track` and the app closed. Read the fields
 * inside a test or a helper that runs in one.
 */
export function mcpStoreSuite(kind: DatabaseKind, app: Parameters<typeof startListeningApp>[1] = {}) {
  const suite = {} as { t: ListeningApp; merchant: Merchant; mcp: Client; call: ReturnType<typeof jsonClient>; track<T extends { close(): Promise<void> }>(client: T): T };
  const tracked: Array<{ close(): Promise<void> }> = [];
  suite.track = (client) => {
    tracked.push(client);
    return client;
  };
  before(async () => {
    suite.t = await startListeningApp(kind, app);
    suite.call = jsonClient(suite.t.app);
    suite.merchant = await signup(suite.t.app);
    suite.mcp = await connectV1(suite.t.baseUrl, { 'X-MerchantApiKey': (await createApiKey(suite.t.app, suite.merchant)).key, 'MCP-Toolsets': 'all' });
  });
  after(async () => {
    for (const client of [suite.mcp, ...tracked]) await client?.close();
    await suite.t?.close();
  });
  return suite;
}
