import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './db/db.ts';
import { type OAuthErrorCode, isOAuthError } from './domain/oauth/errors.ts';
import { ERROR_CODES, type ErrorCode, type ErrorDetail, isAppError, publicDetail, type PublicErrorDetail } from './errors.ts';

/**
 * The one decision of what a failure may show the caller, in the spirit of node-oidc-provider's `err_out`: a known
 * refusal is shown as it is; anything else is shown only as "unavailable" or "our fault", without internals. Each
 * surface renders the result in its own shape (the REST envelope in `http/plugins/errors.ts`, the RFC 6749 body in
 * `oauth/routes.ts`, the error page in `web/page-errors.ts`, the tool result in `mcp/server.ts`) and may word the last
 * three kinds for its readers; none of them looks at the error itself.
 */
export type PublicError =
  /** An `AppError`: its registry code, public message, details and headers. `internal` is for the logs only. */
  | (PublicForm<'refused', ErrorCode> & { internal: string | undefined })
  /** An OAuth protocol refusal (`OAuthError`, RFC 6749 `error` / `error_description`). */
  | PublicForm<'oauth', OAuthErrorCode>
  /** The request itself could not be read (the framework's 4xx: schema validation, bad JSON, too large, media type). */
  | PublicForm<'unreadable', ErrorCode>
  /** The database cannot be reached right now (or did not answer in time): 503 with Retry-After. */
  | PublicForm<'unavailable', 'SERVICE_UNAVAILABLE'>
  /** Anything else: 500, with the request id to report and nothing of the failure itself. */
  | PublicForm<'internal', 'INTERNAL_ERROR'>;

interface PublicForm<K extends string, C extends string> {
  kind: K;
  status: number;
  code: C;
  message: string;
  /** Each with `in` (errors.ts `publicDetail`). */
  details: PublicErrorDetail[];
  headers: Record<string, string>;
  /** A fault on our side (unavailable, internal): logged at error level with the failure, under `FAULT_LOG_LINES`. */
  fault: K extends 'unavailable' | 'internal' ? true : false;
}

/** What the public form may say about the request that failed. */
export interface FailedRequest {
  /** Quoted in the message of an internal failure, so the caller can report it. */
  id: string;
  /** The request's Content-Type, named when the route does not accept it. */
  contentType?: string | undefined;
}

/** Seconds a caller waits before retrying while the database is unavailable. */
const UNAVAILABLE_RETRY_AFTER = '5';

/** The log line of each kind of fault, the same on every HTTP surface. */
export const FAULT_LOG_LINES = { unavailable: 'database unavailable', internal: 'unhandled error' } as const;

type FrameworkError = Error & {
  code?: unknown;
  statusCode?: unknown;
  validation?: Array<{ instancePath: string; message?: string }>;
  validationContext?: string;
};

type Location = NonNullable<ErrorDetail['in']>;

const LOCATIONS: Record<string, Location> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/** Turns any failure into what the caller may see of it. */
export function publicError(error: unknown, request: FailedRequest): PublicError {
  if (isAppError(error)) {
    return { kind: 'refused', status: error.status, code: error.code, message: error.message, details: error.details, headers: error.headers, internal: error.internal, fault: false };
  }
  if (isOAuthError(error)) {
    return { kind: 'oauth', status: error.status, code: error.error, message: error.message, details: [], headers: error.headers, fault: false };
  }
  const framework = (error ?? {}) as FrameworkError;
  if (framework.validation) {
    const details = validationDetails(framework);
    return unreadable('VALIDATION_FAILED', `The request is not valid: ${describeDetails(details)}.`, details);
  }
  switch (framework.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return unreadable('MALFORMED_JSON', 'The request body is not valid JSON. Check quotes, commas and brackets.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return unreadable('BAD_REQUEST', 'The body is empty but Content-Type says JSON. Send a JSON body or drop the Content-Type header.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return unreadable('PAYLOAD_TOO_LARGE', 'The request body is larger than the 1 MiB limit. Send less data per request.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unreadable('UNSUPPORTED_MEDIA_TYPE', `Content-Type "${request.contentType ?? ''}" is not accepted here. Send application/json.`);
  }
  if (isDatabaseUnavailable(error)) {
    return {
      kind: 'unavailable',
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service cannot reach its database right now. Retry shortly.',
      details: [],
      headers: { 'retry-after': UNAVAILABLE_RETRY_AFTER },
      fault: true,
    };
  }
  if (typeof framework.statusCode === 'number' && framework.statusCode >= 400 && framework.statusCode < 500) {
    return unreadable('BAD_REQUEST', `${framework.message}. Check the request against the API reference at /docs.`);
  }
  return internalError(request);
}

/** The public form of a failure on our side: nothing of it shown but the request id to report. */
export function internalError(request: Pick<FailedRequest, 'id'>): PublicError & { kind: 'internal' } {
  return {
    kind: 'internal',
    status: 500,
    code: 'INTERNAL_ERROR',
    message: `Something went wrong on our side. Retry later; if it persists, report request id ${request.id}.`,
    details: [],
    headers: {},
    fault: true,
  };
}

/** Logs a fault (unavailable, internal) at error level with the failure; refusals are the caller's business. */
export function logFault(log: { error(obj: object, msg: string): void }, error: unknown, form: PublicError): void {
  if (form.kind === 'unavailable' || form.kind === 'internal') log.error({ err: error }, FAULT_LOG_LINES[form.kind]);
}

/** Up to three `path rule` pairs, for a message (`skus[0].price must be greater than 1; name is required`). */
export function describeDetails(details: readonly ErrorDetail[]): string {
  const shown = details.slice(0, 3).map((d) => `${d.path} ${d.rule}`.trim());
  const more = details.length > 3 ? ` (and ${details.length - 3} more)` : '';
  return `${shown.join('; ')}${more}`;
}

function unreadable(code: ErrorCode, message: string, details: ErrorDetail[] = []): PublicError & { kind: 'unreadable' } {
  return { kind: 'unreadable', status: ERROR_CODES[code].status, code, message, details: details.map(publicDetail), headers: {}, fault: false };
}

/** `/skus/0/price` → `skus[0].price` */
function fieldPath(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc === '' ? part : `${acc}.${part}`), '');
}

function validationDetails(error: FrameworkError): ErrorDetail[] {
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
