import type { Schemas } from './wire.ts';

type ErrorEnvelope = Schemas['ErrorEnvelope'];

/** An API failure as the dashboard shows it: the envelope's message and request id, plus what to do. */
export class ApiError extends Error {
  readonly status: number; // 0: the request never got an answer
  readonly code: string;
  readonly requestId: string | null;
  readonly details: ErrorEnvelope['error']['details'];
  readonly retryAfter: number | null; // seconds

  constructor(init: { status: number; code: string; message: string; requestId?: string | null; details?: ErrorEnvelope['error']['details']; retryAfter?: number | null }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.details = init.details ?? [];
    this.retryAfter = init.retryAfter ?? null;
  }

  /** The permission a 403 names (`error.details[].rule`). */
  get missingPermission(): string | null {
    if (this.status !== 403) return null;
    return this.details.find((d) => d.path === 'permission')?.rule ?? this.details.find((d) => d.rule)?.rule ?? null;
  }

  /** Worth offering "Try again": no answer, a server failure or an outage. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500;
  }

  static network(cause: unknown): ApiError {
    const error = new ApiError({ status: 0, code: 'NETWORK', message: 'The service could not be reached. Check your connection and try again.' });
    error.cause = cause;
    return error;
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    const retryAfterHeader = response.headers.get('Retry-After');
    const retryAfter = retryAfterHeader !== null && /^\d+$/.test(retryAfterHeader) ? Number(retryAfterHeader) : null;
    const requestIdHeader = response.headers.get('X-Request-Id');
    let body: Partial<ErrorEnvelope> | null = null;
    try {
      body = (await response.json()) as Partial<ErrorEnvelope>;
    } catch {
      body = null;
    }
    return new ApiError({
      status: response.status,
      code: body?.error?.code ?? `HTTP_${response.status}`,
      message: typeof body?.message === 'string' ? body.message : `The service answered ${response.status} ${response.statusText}.`,
      requestId: body?.requestId ?? requestIdHeader,
      details: Array.isArray(body?.error?.details) ? body.error.details : [],
      retryAfter,
    });
  }
}
