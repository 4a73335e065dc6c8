import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_CODES, type ErrorCode, type ErrorDetail } from '../../errors.ts';
import { isDatabaseUnavailable } from '../../db/db.ts';
import type { ErrorEnvelope } from '../envelope.ts';

type Location = 'body' | 'query' | 'path' | 'header';
type Detail = ErrorDetail;

const LOCATIONS: Record<string, Location> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/** `/skus/0/price` → `skus[0].price` */
function fieldPath(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc === '' ? part : `${acc}.${part}`), '');
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  details: Detail[] = [],
  headers: Record<string, string> = {},
): FastifyReply {
  const body: ErrorEnvelope = { status: false, message, error: { code, details }, requestId: request.id };
  return reply.code(ERROR_CODES[code].status).headers(headers).type('application/json; charset=utf-8').send(body);
}

function validationDetails(error: FastifyError & { validationContext?: string }): Detail[] {
  const location = LOCATIONS[error.validationContext ?? 'body'] ?? 'body';
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation.map((issue) => ({
      path: fieldPath(issue.instancePath) || (location === 'body' ? '(body)' : `(${location})`),
      rule: issue.message ?? 'is invalid',
      in: location,
    }));
  }
  return (error.validation ?? []).map((issue) => ({ path: fieldPath(issue.instancePath), rule: issue.message ?? 'invalid', in: location }));
}

function describe(details: Detail[]): string {
  const shown = details.slice(0, 3).map((d) => `${d.path} ${d.rule}`.trim());
  const more = details.length > 3 ? ` (and ${details.length - 3} more)` : '';
  return `${shown.join('; ')}${more}`;
}

/** A path pattern (`/v1/states/:countryId`) as a regular expression, to tell 405 from 404. */
function patternToRegExp(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * Maps every failure to the error envelope `{ status: false, message, error: { code, details }, requestId }` with the
 * status from the registry. Internal failures are logged with their stack and answered without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const routes: Array<{ regexp: RegExp; methods: string[] }> = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    routes.push({ regexp: patternToRegExp(route.url ?? '/'), methods });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = new Set<string>();
    for (const route of routes) if (route.regexp.test(path)) for (const m of route.methods) allowed.add(m);
    if (allowed.size > 0) {
      if (request.method === 'OPTIONS') {
        return reply.code(204).header('allow', [...allowed, 'OPTIONS'].join(', ')).send();
      }
      const allow = [...allowed].join(', ');
      return sendError(request, reply, 'METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${path}; use ${allow}.`, [], {
        allow,
      });
    }
    return sendError(request, reply, 'NOT_FOUND', `No route matches ${request.method} ${path}. See the API reference at /docs.`);
  });

  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
    if (error instanceof AppError) {
      if (error.internal) request.log.info({ code: error.code, internal: error.internal }, 'request refused');
      return sendError(request, reply, error.code, error.message, error.details, error.headers);
    }
    if (error.validation) {
      const details = validationDetails(error);
      return sendError(request, reply, 'VALIDATION_FAILED', `The request is not valid: ${describe(details)}.`, details);
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendError(request, reply, 'MALFORMED_JSON', 'The request body is not valid JSON. Check quotes, commas and brackets.');
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(
          request,
          reply,
          'BAD_REQUEST',
          'The body is empty but Content-Type says JSON. Send a JSON body or drop the Content-Type header.',
        );
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(request, reply, 'PAYLOAD_TOO_LARGE', 'The request body is larger than the 1 MiB limit. Send less data per request.');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(
          request,
          reply,
          'UNSUPPORTED_MEDIA_TYPE',
          `Content-Type "${request.headers['content-type'] ?? ''}" is not accepted here. Send application/json.`,
        );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(request, reply, 'SERVICE_UNAVAILABLE', 'The service cannot reach its database right now. Retry shortly.', [], {
        'retry-after': '5',
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return sendError(request, reply, 'BAD_REQUEST', `${error.message}. Check the request against the API reference at /docs.`);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      request,
      reply,
      'INTERNAL_ERROR',
      `Something went wrong on our side. Retry later; if it persists, report request id ${request.id}.`,
    );
  });
}
