import type { SigningEndpoint, WebhookAttempt } from './types.ts';

/**
 * When a failed delivery is tried again (`nextAttemptAt`, src/domain/shared/claim-loop.ts): after each failed attempt,
 * the next waits the schedule's next delay, with ±20 % jitter. The default is Svix's published schedule (the reference
 * implementation of Standard Webhooks): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — eight attempts over about 27 hours.
 * After the last, the delivery has failed (it can be redelivered by hand).
 */
export const DEFAULT_RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;

/** What one attempt came to, as the transport saw it. */
export type SendResult =
  | {
      kind: 'answered';
      statusCode: number;
      durationMs: number;
      snippet: string;
      /** A 429 or 503 answer's `Retry-After`, in seconds (RFC 9110 §10.2.3), when it had a valid one. */
      retryAfterSeconds?: number | undefined;
    }
  | { kind: 'failed'; error: string; durationMs: number };

/** An attempt as the delivery log keeps it, from what the transport saw. */
export function attemptOf(result: SendResult, attempt: { id: string; attemptedAt: Date; trigger: WebhookAttempt['trigger'] }): WebhookAttempt {
  return {
    ...attempt,
    statusCode: result.kind === 'answered' ? result.statusCode : null,
    durationMs: result.durationMs,
    error: attemptError(result),
    responseSnippet: result.kind === 'answered' ? result.snippet : null,
  };
}

/** What the delivery log says went wrong in an attempt, or null when it succeeded. */
export function attemptError(result: SendResult): string | null {
  if (result.kind === 'failed') return result.error.slice(0, 500);
  if (succeeded(result)) return null;
  return result.retryAfterSeconds === undefined ? `HTTP ${result.statusCode}` : `HTTP ${result.statusCode} (Retry-After ${result.retryAfterSeconds} s)`;
}

/** The longest `Retry-After` honoured: the schedule's longest delay by default, so one answer cannot park a delivery. */
export const MAX_RETRY_AFTER_SECONDS = 36_000;

/**
 * `Retry-After` (RFC 9110 §10.2.3) as seconds from `now`: delay-seconds, or an HTTP-date (a date in the past is 0);
 * undefined when absent or not one of those.
 */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // An IMF-fixdate (or the obsolete forms Date.parse reads); anything with a weekday and GMT.
  if (!/GMT$/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * When a failed attempt is tried again: the schedule's time, or later when the endpoint asked for it (a 429 or 503
 * with `Retry-After`, at most `MAX_RETRY_AFTER_SECONDS`). Null when the schedule is used up: asking to wait never
 * buys more attempts.
 */
export function retryAt(scheduled: Date | null, result: SendResult, done: Date, maxRetryAfterSeconds = MAX_RETRY_AFTER_SECONDS): Date | null {
  if (scheduled === null || result.kind !== 'answered' || result.retryAfterSeconds === undefined) return scheduled;
  const asked = done.getTime() + Math.min(result.retryAfterSeconds, maxRetryAfterSeconds) * 1000;
  return asked > scheduled.getTime() ? new Date(asked) : scheduled;
}

/** A 2xx answer within the time bound is a success; nothing else is (redirects are not followed). */
export function succeeded(result: SendResult): boolean {
  return result.kind === 'answered' && result.statusCode >= 200 && result.statusCode < 300;
}

/**
 * Whether the endpoint must be disabled after this attempt: 410 Gone says the receiver is gone for good; a delivery
 * that used its whole retry schedule while the endpoint had no success since that delivery was first tried means every
 * delivery failed for about a day. The reason and a sentence for people, shown in the API and the dashboard.
 */
export function disableAfter(
  result: SendResult,
  gaveUp: boolean,
  endpoint: Pick<SigningEndpoint, 'lastSuccessAt'>,
  firstAttemptAt: Date,
  at: Date,
): { reason: 'gone' | 'failing'; detail: string } | undefined {
  if (result.kind === 'answered' && result.statusCode === 410) {
    return { reason: 'gone', detail: `The endpoint answered 410 Gone on ${at.toISOString()}; it is disabled until it is enabled again.` };
  }
  if (gaveUp && (endpoint.lastSuccessAt === null || endpoint.lastSuccessAt < firstAttemptAt)) {
    const last = result.kind === 'answered' ? `HTTP ${result.statusCode}` : result.error;
    return { reason: 'failing', detail: `Every delivery failed since ${firstAttemptAt.toISOString()} (last: ${last}); it is disabled until it is enabled again.` };
  }
  return undefined;
}
