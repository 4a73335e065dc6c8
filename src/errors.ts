/**
 * One registry of error codes. Every code the API can answer with is listed here with its HTTP status, what it
 * means and how to fix it; `docs/errors.md` is checked against this table by a test.
 */
export const ERROR_CODES = {
  // Request shape (HTTP layer)
  MALFORMED_JSON: {
    status: 400,
    meaning: 'The request body is not valid JSON.',
    fix: 'Send a valid JSON document, or no body at all.',
  },
  BAD_REQUEST: {
    status: 400,
    meaning: 'The request could not be understood (for example an empty body sent with a JSON content type).',
    fix: 'Check the method, headers and body against the API reference at /docs.',
  },
  VALIDATION_FAILED: {
    status: 422,
    meaning: 'One or more fields break a rule; `error.details` names each field (`path`) and the rule it broke.',
    fix: 'Correct the named fields and send the request again.',
  },
  NOT_FOUND: {
    status: 404,
    meaning: 'No route matches this path.',
    fix: 'Check the path against the API reference at /docs.',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    meaning: 'The path exists but does not accept this method; the `Allow` header lists the methods it does.',
    fix: 'Use one of the methods in the `Allow` header.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    meaning: 'The request body is larger than the limit (1 MiB for JSON).',
    fix: 'Send a smaller body, or split the work into several requests.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    meaning: 'The request body has a content type this route does not accept.',
    fix: 'Send `Content-Type: application/json` (or the type the route documents).',
  },
  INTERNAL_ERROR: {
    status: 500,
    meaning: 'Something failed on our side. No internals are exposed; the request id identifies the failure in our logs.',
    fix: 'Retry later; if it persists, report the `requestId`.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    meaning: 'A dependency (the database) cannot be reached right now.',
    fix: 'Retry after the number of seconds in `Retry-After`.',
  },
  // Reference data
  COUNTRY_NOT_FOUND: {
    status: 404,
    meaning: 'No country has this id. Country ids are ISO 3166-1 alpha-2 codes, such as `US` or `DE`.',
    fix: 'Take the id from `GET /v1/countries`.',
  },
} as const satisfies Record<string, { status: number; meaning: string; fix: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** One field-level problem: which field (`path`, e.g. `skus[0].price`) and which rule it broke. */
export interface ErrorDetail {
  path: string;
  rule: string;
}

/**
 * The one error base. `message` is public (it says what went wrong and what to do); `internal` is for logs only.
 * The HTTP status comes from the registry, so a code always answers with the same status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;
  readonly internal: string | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string>; internal?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.details = options.details ?? [];
    this.headers = options.headers ?? {};
    this.internal = options.internal;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
