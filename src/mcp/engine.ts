import { hostHeaderValidation, originValidation } from '@modelcontextprotocol/fastify';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, createMcpHandler, isSpecType, PROTOCOL_VERSION_META_KEY, SERVER_INFO_META_KEY } from '@modelcontextprotocol/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ConnectorConfig } from '../config.ts';
import type { StoreContext } from '../context.ts';
import type { AuthService } from '../domain/accounts/auth-service.ts';
import { isLoopbackHost } from '../domain/oauth/oauth-rules.ts';
import { CONNECTOR_SCOPE } from '../domain/oauth/scopes.ts';
import { AppError, isAppError } from '../errors.ts';
import { checkJsonText, type JsonTextProblem, MAX_JSON_DEPTH } from '../http/json-body.ts';
import { authenticatePrincipal, type CredentialGate, readSelection } from '../http/plugins/auth.ts';
import { holderOf, merchantConfirmation, streamQuestions } from './confirm.ts';
import { type Connection, catalogOf, createConnectorServer, listTools, SERVER_INFO } from './server.ts';
import { declaresFormElicitation, type LegacySession, mintSession, readSession } from './session.ts';
import { scopeChallenge } from './step-up.ts';
import type { AnyTool, ToolServices } from './tool.ts';
import { TOOLS } from './tools/index.ts';
import { enabledToolsets, parseToolsets } from './toolsets.ts';

/** Largest JSON-RPC body /mcp reads (the REST limit). */
const MCP_BODY_LIMIT = 1024 * 1024;

export interface McpRouteDeps {
  auth: AuthService;
  services: ToolServices;
  issuer: string;
  connector: ConnectorConfig;
  tools?: readonly AnyTool[];
  /** The refused-credential budget per address (shared with the REST API). */
  gate: CredentialGate;
}

/** The protocol versions the SDK serves statelessly with `initialize` (2025-era); no header is 2025-03-26. */
const LEGACY_VERSIONS = new Set(['2025-11-25', '2025-06-18', '2025-03-26']);
/** The protocol version served with the per-request envelope (`server/discover`, no `initialize`). */
const MODERN_VERSION = '2026-07-28';

/** The per-request envelope of a 2026-07-28 request, when it holds exactly what every client sends and nothing more. */
function plainEnvelope(meta: unknown): boolean {
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) return false;
  const { [PROTOCOL_VERSION_META_KEY]: version, [CLIENT_INFO_META_KEY]: info, [CLIENT_CAPABILITIES_META_KEY]: capabilities, ...rest } = meta as Record<string, unknown>;
  return version === MODERN_VERSION && Object.keys(rest).length === 0 && isSpecType.Implementation(info) && isSpecType.ClientCapabilities(capabilities);
}

/**
 * A plain `tools/list` request (one JSON-RPC request, no cursor, JSON in): its id and the protocol era, or undefined.
 * 2025-era: no params, both JSON and SSE accepted (as the SDK requires). 2026-07-28: the `Mcp-Method` header naming it,
 * JSON accepted, and `params` holding only the usual envelope. Everything else goes to the SDK, which answers it (and
 * refuses what it must) as before.
 */
function plainToolsList(request: FastifyRequest, message: unknown): { id: string | number; modern: boolean } | undefined {
  const version = request.headers['mcp-protocol-version'];
  const modern = version === MODERN_VERSION;
  if (!modern && version !== undefined && !LEGACY_VERSIONS.has(String(version))) return undefined;
  const accept = String(request.headers.accept ?? '');
  if (!accept.includes('application/json') || (!modern && !accept.includes('text/event-stream'))) return undefined;
  if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  if (modern && request.headers['mcp-method'] !== 'tools/list') return undefined;
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return undefined;
  const { jsonrpc, method, id, params, ...rest } = message as Record<string, unknown>;
  if (jsonrpc !== '2.0' || method !== 'tools/list' || Object.keys(rest).length > 0) return undefined;
  if (modern) {
    if (params === null || typeof params !== 'object' || Array.isArray(params)) return undefined;
    const { _meta, ...others } = params as Record<string, unknown>;
    if (Object.keys(others).length > 0 || !plainEnvelope(_meta)) return undefined;
  } else if (params !== undefined && (params === null || typeof params !== 'object' || Object.keys(params).length > 0)) return undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? { id, modern } : undefined;
}

/** What the SDK adds to a 2026-07-28 `tools/list` result: complete, not to be cached, and the server's identity. */
const MODERN_LIST_TAIL = `,"resultType":"complete","ttlMs":0,"cacheScope":"private","_meta":${JSON.stringify({ [SERVER_INFO_META_KEY]: SERVER_INFO })}}`;

/**
 * Reads the request body up to `limit` bytes and parses it when it is JSON. `replay` hands the SDK a stream of the
 * same bytes (and of the rest of the body past the limit, which the SDK refuses as too large itself).
 */
async function readBody(
  stream: AsyncIterable<unknown>,
  limit: number,
  contentType: string | undefined,
): Promise<{ parsed: unknown; problem?: JsonTextProblem; replay(): AsyncIterable<unknown> }> {
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = stream[Symbol.asyncIterator]();
  let done = false;
  while (size <= limit) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value as string);
    chunks.push(chunk);
    size += chunk.length;
  }
  let parsed: unknown;
  let problem: JsonTextProblem | undefined;
  if (done && size > 0) {
    // The same checks as REST bodies (src/http/json-body.ts): UTF-8 only, nested at most MAX_JSON_DEPTH levels.
    const checked = checkJsonText(Buffer.concat(chunks), contentType);
    if ('problem' in checked) problem = checked.problem;
    else {
      try {
        parsed = JSON.parse(checked.text);
      } catch {
        parsed = undefined; // the SDK answers -32700 from the bytes
      }
    }
  }
  return {
    parsed,
    ...(problem ? { problem } : {}),
    replay: () => ({
      async *[Symbol.asyncIterator]() {
        yield* chunks;
        if (!done) for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
      },
    }),
  };
}

/** Whether a JSON-RPC message is an `initialize` request. */
function isInitialize(message: unknown): boolean {
  return message !== null && typeof message === 'object' && !Array.isArray(message) && (message as { method?: unknown }).method === 'initialize';
}

/** Whether a JSON-RPC message is a response (a result or an error, no method): a client's answer to a server request. */
function isResponse(message: unknown): boolean {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return false;
  return !('method' in message) && 'id' in message && ('result' in message || 'error' in message);
}

/** The tool a `tools/call` message names, or null. */
function calledToolOf(message: unknown): string | null {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return null;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  return method === 'tools/call' && typeof params?.name === 'string' ? params.name.slice(0, 100) : null;
}

/**
 * The JSON-RPC answer to a body refused before parsing: not UTF-8 (-32700, a parse error: it is no JSON text), or nested
 * too deep (-32602: the request's params break the bound; the id is not read from such a body).
 */
function jsonRpcRefusal(problem: JsonTextProblem): { jsonrpc: '2.0'; id: null; error: { code: number; message: string } } {
  const error =
    problem.kind === 'depth'
      ? { code: -32602, message: `Invalid params: the JSON nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep, the most accepted.` }
      : problem.kind === 'charset'
        ? { code: -32700, message: `Parse error: JSON-RPC messages are UTF-8 JSON; charset=${problem.charset} is not accepted.` }
        : { code: -32700, message: 'Parse error: the body is not valid UTF-8, so it is not JSON.' };
  return { jsonrpc: '2.0', id: null, error };
}

/** The Host names /mcp answers: BASE_URL's, the loopback names when BASE_URL is loopback, and MCP_ALLOWED_HOSTS. */
export function allowedHostnames(issuer: string, extra: readonly string[]): string[] {
  const { hostname } = new URL(issuer);
  const names = new Set([hostname.toLowerCase(), ...extra]);
  if (isLoopbackHost(hostname) || hostname === 'localhost') for (const name of ['localhost', '127.0.0.1', '[::1]']) names.add(name);
  return [...names];
}

/** What /mcp runs on, once loaded (./route.ts registers the routes and loads it with the first request). */
export interface McpEngine {
  /** Host and Origin checks, then the credentials (the scope's onRequest hook). */
  onRequest(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  /** POST /mcp. */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/**
 * The MCP server behind /mcp (./route.ts says what the route does): the tool catalog, the SDK's handler, the checks
 * and the answer. Built once, on the first request.
 */
export function mcpEngine(app: FastifyInstance, deps: McpRouteDeps): McpEngine {
  const metadataUrl = `${deps.issuer}/.well-known/oauth-protected-resource/mcp`;
  const catalog = catalogOf(listTools(deps.tools ?? TOOLS));
  const confirmation = merchantConfirmation(deps.services.confirmations);
  const questions = streamQuestions();
  const enabled = enabledToolsets();

  const handler = createMcpHandler(
    ({ authInfo }) => {
      const ctx = authInfo?.extra?.storeContext as StoreContext | undefined;
      if (!ctx) throw new Error('MCP request without a store context: the auth hook did not run');
      const connection = authInfo?.extra?.connection as Partial<Connection> | undefined;
      return createConnectorServer({ services: deps.services, audit: deps.services.audit, catalog, confirmation, questions, log: app.log }, ctx, connection);
    },
    { legacy: 'stateless', maxRequestBodySize: MCP_BODY_LIMIT, onerror: (error) => app.log.debug({ err: error }, 'MCP request refused') },
  );
  const serve = toNodeHandler(handler);

  /** The same refusal, with the challenge an MCP client needs (RFC 9728 §5.1, MCP 2025-11-25). */
  function withChallenge(error: AppError): AppError {
    if (error.status !== 401 && error.status !== 403) return error;
    const given = error.headers['www-authenticate'];
    const challenge =
      error.code === 'AUTH_REQUIRED' || given === undefined
        ? `Bearer resource_metadata="${metadataUrl}", scope="${CONNECTOR_SCOPE}"`
        : `${given}, resource_metadata="${metadataUrl}"`;
    return new AppError(error.code, error.message, { details: error.details, headers: { ...error.headers, 'www-authenticate': challenge }, cause: error });
  }

  const checkHost = hostHeaderValidation(allowedHostnames(deps.issuer, deps.connector.allowedHosts));
  const checkOrigin = originValidation([...allowedHostnames(deps.issuer, deps.connector.allowedHosts), ...deps.connector.allowedOrigins]);

const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version');
    await checkHost(request, reply);
    if (reply.sent) return reply;
    await checkOrigin(request, reply);
    if (reply.sent) return reply;
    if (request.method === 'OPTIONS') return;
    try {
      const principal = await authenticatePrincipal(request, deps);
      request.principal = principal;
      request.ctx = await deps.auth.connectorContext(request.ctx, principal, principal.kind === 'session' ? readSelection(request) : {});
    } catch (error) {
      throw isAppError(error) ? withChallenge(error) : error;
    }
  };

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const ctx = request.ctx as StoreContext;
    const header = request.headers['mcp-toolsets'];
    const chosen = parseToolsets((request.query as { toolsets?: string }).toolsets ?? (Array.isArray(header) ? header.join(',') : header));
    if ('error' in chosen) return reply.code(400).send({ jsonrpc: '2.0', id: null, error: { code: -32602, message: chosen.error } });
    const body = await readBody(request.raw, MCP_BODY_LIMIT, request.headers['content-type']);
    if (body.problem) return reply.code(body.problem.kind === 'charset' ? 415 : 400).send(jsonRpcRefusal(body.problem));
    // 2025-era: the session the client keeps (what it declared at initialize), and the merchant's answers to
    // questions asked on a call's stream, which arrive as POSTed JSON-RPC responses.
    const version = request.headers['mcp-protocol-version'];
    const legacy = version === undefined || LEGACY_VERSIONS.has(String(version));
    let session: LegacySession | null = null;
    let newSession: string | undefined;
    if (legacy && body.parsed !== undefined) {
      const sessionId = request.headers['mcp-session-id'];
      if (isInitialize(body.parsed)) {
        const params = (body.parsed as { params?: { capabilities?: unknown } }).params;
        newSession = mintSession(await deps.services.confirmations.stateKey(), ctx, { elicitation: declaresFormElicitation(params?.capabilities) });
      } else if (typeof sessionId === 'string') {
        const found = readSession(await deps.services.confirmations.stateKey(), ctx, sessionId);
        // MCP 2025-11-25: a request with a session id the server does not know is 404; the client starts a new session.
        if (!found) return reply.code(404).send({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found: initialize again to start a new one.' } });
        session = found;
      }
      const messages = Array.isArray(body.parsed) ? body.parsed : [body.parsed];
      if (messages.length > 0 && messages.every(isResponse)) {
        const holder = holderOf(ctx);
        const delivered = messages.map((message) => questions.deliver(message, holder));
        if (delivered.includes('answered')) return reply.code(202).send();
      }
    }
    // The default list: the toolsets this connection enabled, kept per session (2025-era) or per credential.
    let selection = chosen.selection;
    const sessionHeader = request.headers['mcp-session-id'];
    const choiceKey = newSession ? `s:${newSession}` : session && typeof sessionHeader === 'string' ? `s:${sessionHeader}` : `c:${holderOf(ctx)}`;
    if (selection.kind === 'core') selection = { kind: 'core', enabled: enabled.get(choiceKey) };
    const connection: Connection = {
      selection,
      calledTool: calledToolOf(body.parsed),
      session,
      enable: (areas) => enabled.enable(choiceKey, areas),
      notifiesListChanged: legacy,
    };
    const authInfo: AuthInfo = {
      token: 'verified-by-the-auth-hook',
      clientId: ctx.app?.clientId ?? ctx.actor.id,
      scopes: ctx.app ? [...ctx.app.scopes] : [CONNECTOR_SCOPE],
      resource: new URL(`${deps.issuer}/mcp`),
      // calledTool: the tool a call names, for the audit entry of a confirmation refused before its handler runs.
      extra: { storeContext: ctx, connection },
    };
    // An app's token lacking a scope the merchant could grant: HTTP 403 with the step-up challenge (docs/mcp.md).
    const accumulatingClients = version !== undefined && !LEGACY_VERSIONS.has(String(version));
    const challenge = body.parsed === undefined ? undefined : scopeChallenge(catalog, ctx, selection, body.parsed, { accumulatingClients });
    if (challenge) throw withChallenge(challenge);
    // The SDK writes the response itself; headers set so far (request id, CORS) go with it.
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value as string);
    if (newSession) reply.raw.setHeader('mcp-session-id', newSession);
    const plain = body.parsed === undefined ? undefined : plainToolsList(request, body.parsed);
    if (plain?.modern) {
      // tools/list on 2026-07-28 from its precomputed body, as the SDK would write it (one JSON answer).
      const list = catalog.listJson(ctx, selection);
      reply.raw.writeHead(200, { 'content-type': 'application/json' });
      reply.raw.end(`{"result":${list.slice(0, -1)}${MODERN_LIST_TAIL},"jsonrpc":"2.0","id":${JSON.stringify(plain.id)}}`);
      return;
    }
    if (plain) {
      // tools/list on 2025-11-25 from its precomputed body, as the SDK would write it (one SSE message).
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' });
      reply.raw.end(`event: message\ndata: {"result":${catalog.listJson(ctx, selection)},"jsonrpc":"2.0","id":${JSON.stringify(plain.id)}}\n\n`);
      return;
    }
    const raw = Object.assign(body.replay(), { method: request.raw.method, url: request.raw.url, headers: request.raw.headers, auth: authInfo });
    await serve(raw, reply.raw, body.parsed);
  };
  return { onRequest, answer };
}
