import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../errors.ts';
import { OPERATION_IDS } from './operation-ids.ts';

/**
 * The last pass over the OpenAPI document the app serves (docs/api.md), after the zod transform, so that generators
 * and linters read it right (Redocly's `recommended` rules are clean: `npm run check`):
 * - every operation has its stable `operationId` (operation-ids.ts);
 * - public operations say so (`security: []`); the others keep the credentials the auth hook declared;
 * - responses are named by what their status means here, not "Default Response";
 * - what the routes' schemas cannot say is added as documentation: the 429 every rate-limited operation can answer,
 *   the OAuth endpoints' error bodies (RFC 6749 §5.2), the pages of `/oauth/authorize`, the bytes of a file;
 * - schemas no operation uses are dropped (the zod registry also holds the input twins of output shapes);
 * - the error codes are listed in the document itself, in `ErrorEnvelope`'s description (from `ERROR_CODES`), so
 *   nothing points at an unserved file.
 */

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is walked as plain JSON
type Json = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** What each status means in this API, as a response's name. */
const STATUS_NAMES: Readonly<Record<string, string>> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No content',
  '302': 'Found: a redirect',
  '303': 'See other: a redirect',
  '304': 'Not modified: the ETag sent in If-None-Match is still current',
  '400': 'Bad request: the request is malformed',
  '401': 'Unauthorized: no valid credential (AUTH_REQUIRED, AUTH_INVALID)',
  '403': 'Forbidden: the credential may not do this (PERMISSION_DENIED, …)',
  '404': 'Not found, or not in the active store and mode',
  '409': 'Conflict with the current state',
  '412': 'Precondition failed: the If-Match ETag is no longer current',
  '413': 'Payload too large',
  '415': 'Unsupported media type',
  '422': 'Validation failed: error.details names each field and rule',
  '428': 'Precondition required',
  '429': 'Too many requests: wait Retry-After seconds',
  '500': 'Internal error',
  '503': 'Service unavailable: retry after Retry-After seconds',
};

const ERROR_ENVELOPE = { $ref: '#/components/schemas/ErrorEnvelope' };
const OAUTH_ERROR = { $ref: '#/components/schemas/OAuthError' };

/** The body of an OAuth endpoint's refusal (RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 7009 §2.2.1). */
const OAUTH_ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'An RFC 6749 error code: invalid_request, invalid_client, invalid_grant, invalid_scope, invalid_target, unsupported_grant_type, invalid_redirect_uri, invalid_client_metadata, …' },
    error_description: { type: 'string', description: 'What was wrong, for the app’s developer' },
  },
};

const json = (schema: Json, description: string) => ({ description, content: { 'application/json': { schema } } });
const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

/** Responses the routes' schemas do not declare (the OAuth endpoints answer their own formats), by operation. */
const DOCUMENTED: Readonly<Record<string, Json>> = {
  'GET /oauth/authorize': {
    '200': html('A page of the authorization: sign-in, store picker or consent'),
    '303': { description: 'Back to the app’s redirect URI with `code` and `state`, or `error` (RFC 6749 §4.1.2)' },
    '400': html('An error page: the client or its redirect URI cannot be trusted, so nothing is sent back to it'),
  },
  'POST /oauth/token': { '400': json(OAUTH_ERROR, 'An OAuth error (RFC 6749 §5.2)'), '401': json(OAUTH_ERROR, 'invalid_client') },
  'POST /oauth/register': { '400': json(OAUTH_ERROR, 'An OAuth registration error (RFC 7591 §3.2.2)') },
  'POST /oauth/revoke': { '400': json(OAUTH_ERROR, 'An OAuth error (RFC 7009 §2.2.1)') },
  'GET /v1/files/{id}': {
    '200': { description: 'The image’s bytes, with its stored content type', content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } } },
  },
};

/** Operations no rate limit applies to (liveness and readiness probes), so they answer no 429. */
const UNLIMITED = new Set(['GET /healthz', 'GET /readyz']);

/** The error codes as a Markdown table, from the registry the API answers with. */
export function errorCodeTable(): string {
  const rows = Object.entries(ERROR_CODES).map(([code, { status, meaning, fix }]) => `| \`${code}\` | ${status} | ${meaning} ${fix} |`);
  return ['| Code | Status | Meaning and what to do |', '|---|---|---|', ...rows].join('\n');
}

export function finishDocument(document: Json): Json {
  const doc = structuredClone(document) as Json;
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const operationId = OPERATION_IDS[key];
      if (operationId !== undefined) operation.operationId = operationId;
      operation.security ??= [];
      operation.responses ??= {};
      const responses: Json = operation.responses;
      const documented = DOCUMENTED[key];
      if (documented) {
        // A declared 200 without a schema is replaced by what it really is.
        if (documented['200'] && !responses['200']?.content) delete responses['200'];
        for (const [status, response] of Object.entries(documented)) responses[status] ??= response;
      }
      if (!UNLIMITED.has(key) && !responses['429']) responses['429'] = json(key.includes(' /oauth/') ? OAUTH_ERROR : ERROR_ENVELOPE, STATUS_NAMES['429']!);
      for (const [status, response] of Object.entries<Json>(responses)) {
        if (response.description === 'Default Response' || response.description === undefined) response.description = STATUS_NAMES[status] ?? `HTTP ${status}`;
      }
    }
  }
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, OAuthError: OAUTH_ERROR_SCHEMA };
  const envelope = doc.components.schemas.ErrorEnvelope as Json | undefined;
  if (envelope) {
    envelope.description = `The answer of every refused or failed request of /v1 and /v2. \`error.code\` is one of these:\n\n${errorCodeTable()}`;
    // The codes as an enum too, so generated clients type them (documentation: the server answers only these).
    const code = envelope.properties?.error?.properties?.code as Json | undefined;
    if (code) code.enum = Object.keys(ERROR_CODES);
  }
  dropUnusedSchemas(doc);
  return doc;
}

/** Removes component schemas that no operation reaches (directly or through other components). */
function dropUnusedSchemas(doc: Json): void {
  const schemas: Json = doc.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(doc.paths);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/**
 * The content security policy of the reference page (`/docs`, Swagger UI): its own scripts and styles only, requests
 * ("Try it out") to this origin only, nothing from elsewhere, never framed.
 */
export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI adds one <style> element of its own (its hash; a new version of it may need a new one: the browser test
  // fails on any violation).
  "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The interactive API reference at `/docs` (docs/api.md, "The reference page"): Swagger UI from `@fastify/swagger-ui`,
 * served from this origin (no CDN, no remote fonts, the validator badge off), reading the document at
 * `/docs/json`; "Authorize" takes an API key (`X-MerchantApiKey`) or a bearer token, and "Try it out" sends requests
 * to this origin. Every answer carries the page security headers.
 */
export async function apiReference(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: REFERENCE_CSP,
    uiConfig: { validatorUrl: null, deepLinking: true, docExpansion: 'none', displayOperationId: true, tryItOutEnabled: false, persistAuthorization: false },
    uiHooks: {
      onRequest: (_request, reply, done) => {
        reply.headers({ 'content-security-policy': REFERENCE_CSP, 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' });
        done();
      },
      // After the onRequest hooks (the rate limit among them): the page itself is ours, Swagger UI's with a title
      // and what to read without JavaScript.
      preHandler: async (request, reply) => {
        if (request.routeOptions.url === '/docs' || request.routeOptions.url === '/docs/') return reply.type('text/html; charset=utf-8').send(REFERENCE_PAGE);
      },
    },
  });
}

/** The reference page: Swagger UI's static page (assets under /docs/static), titled, readable without scripts. */
const REFERENCE_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>commerce-service API reference</title>
<link rel="stylesheet" href="/docs/static/swagger-ui.css">
<link rel="stylesheet" href="/docs/static/index.css">
<link rel="icon" type="image/png" href="/docs/static/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<noscript>
<main>
<h1>commerce-service API reference</h1>
<p>This page shows the API and lets you try requests from the browser; it needs JavaScript. Without it, read the
OpenAPI 3.1 document at <a href="/openapi.json">/openapi.json</a> (every operation, its parameters, responses and
error codes), or load it into any OpenAPI tool. Requests take an API key in <code>X-MerchantApiKey</code> or a
bearer token in <code>Authorization</code>.</p>
</main>
</noscript>
<script src="/docs/static/swagger-ui-bundle.js"></script>
<script src="/docs/static/swagger-ui-standalone-preset.js"></script>
<script src="/docs/static/swagger-initializer.js"></script>
</body>
</html>
`;
