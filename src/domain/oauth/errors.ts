/**
 * The OAuth error family: the `error` / `error_description` answers of RFC 6749 §4.1.2.1 and §5.2, RFC 7009, RFC 7591
 * §3.2.2 and RFC 8707, one class per code. Framework-free and owned by the domain that throws them (the OAuth service and
 * the protocol checks in `src/oauth/`).
 *
 * Descriptions are public: they explain what to fix and never carry internals (stack traces, SQL, other clients'
 * data). Internal failures become `server_error` with a fixed description (`src/public-error.ts`).
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'unsupported_response_type'
  | 'access_denied'
  | 'server_error'
  | 'temporarily_unavailable'
  | 'invalid_client_metadata'
  | 'invalid_redirect_uri';

export class OAuthError extends Error {
  readonly error: OAuthErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(error: OAuthErrorCode, status: number, description: string, headers: Record<string, string> = {}) {
    super(description);
    this.name = 'OAuthError';
    this.error = error;
    this.status = status;
    this.headers = headers;
  }

  /** The JSON body (token, registration and revocation endpoints). */
  body(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.message };
  }
}

/** A parameter is missing, repeated, malformed, or the request is otherwise unusable. */
export class InvalidRequestError extends OAuthError {
  constructor(description: string) {
    super('invalid_request', 400, description);
  }
}

/**
 * The client is unknown (public clients identify themselves by `client_id` only). 400, not 401: the client did not
 * use an HTTP authentication scheme, so there is none to announce in `WWW-Authenticate` (RFC 6749 §5.2).
 */
export class InvalidClientError extends OAuthError {
  constructor(description: string) {
    super('invalid_client', 400, description);
  }
}

/** The code or refresh token is unknown, used, expired, revoked, of another client, or does not match. */
export class InvalidGrantError extends OAuthError {
  constructor(description: string) {
    super('invalid_grant', 400, description);
  }
}

export class UnsupportedGrantTypeError extends OAuthError {
  constructor(description: string) {
    super('unsupported_grant_type', 400, description);
  }
}

export class InvalidScopeError extends OAuthError {
  constructor(description: string) {
    super('invalid_scope', 400, description);
  }
}

/** RFC 8707 §2: the `resource` is not one this server issues tokens for, or not the one granted. */
export class InvalidTargetError extends OAuthError {
  constructor(description: string) {
    super('invalid_target', 400, description);
  }
}

export class UnsupportedResponseTypeError extends OAuthError {
  constructor(description: string) {
    super('unsupported_response_type', 400, description);
  }
}

/** The merchant denied the request, or has nothing to grant in the chosen store. */
export class AccessDeniedError extends OAuthError {
  constructor(description: string) {
    super('access_denied', 403, description);
  }
}

/** 503 when the database cannot be reached; 429 when a client sends too many requests. Both carry Retry-After. */
export class TemporarilyUnavailableError extends OAuthError {
  constructor(description: string, retryAfterSeconds: number, status: 429 | 503 = 503) {
    super('temporarily_unavailable', status, description, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** RFC 7591 §3.2.2: a registration field is missing or has a value we do not accept. */
export class InvalidClientMetadataError extends OAuthError {
  constructor(description: string) {
    super('invalid_client_metadata', 400, description);
  }
}

/** RFC 7591 §3.2.2: a redirect URI is missing or not acceptable. */
export class InvalidRedirectUriError extends OAuthError {
  constructor(description: string) {
    super('invalid_redirect_uri', 400, description);
  }
}

export function isOAuthError(value: unknown): value is OAuthError {
  return value instanceof OAuthError;
}
