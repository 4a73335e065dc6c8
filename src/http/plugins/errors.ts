import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ERROR_CODES, type ErrorCode, type ErrorDetail, publicDetail } from '../../errors.ts';
import { internalError, logFault, publicError } from '../../public-error.ts';
import type { ErrorEnvelope } from '../envelope.ts';

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  details: ErrorDetail[] = [],
  headers: Record<string, string> = {},
): FastifyReply {
  const body: ErrorEnvelope = { status: false, message, error: { code, details: details.map(publicDetail) }, requestId: request.id };
  return reply.code(ERROR_CODES[code].status).headers(headers).type('application/json; charset=utf-8').send(body);
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
 * Renders every failure as the error envelope `{ status: false, message, error: { code, details }, requestId }` with
 * the status from the registry; what it says is decided by `publicError`. Faults are logged with their stack.
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

  app.setErrorHandler((error, request, reply) => {
    const given = publicError(error, { id: request.id, contentType: request.headers['content-type'] });
    // An OAuth refusal belongs to the OAuth endpoints; anywhere else it is a failure of ours.
    const form = given.kind === 'oauth' ? internalError(request) : given;
    if (form.kind === 'refused' && form.internal) request.log.info({ code: form.code, internal: form.internal }, 'request refused');
    logFault(request.log, error, form);
    return sendError(request, reply, form.code, form.message, form.details, form.headers);
  });
}
