import type { SigningEndpoint } from './types.ts';

/**
 * When a failed delivery is tried again (`nextAttemptAt`, src/domain/shared/claim-loop.ts): after each failed attempt,
 * the next waits the schedule's next delay, with ±20 % jitter. The default is Svix's published schedule (the reference
 * implementation of Standard Webhooks): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — eight attempts over about 27 hours.
 * After the last, the delivery has failed (it can be redelivered by hand).
 */
export const DEFAULT_RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;

/** What one attempt came to, as the transport saw it. */
export type SendResult =
  | { kind: 'answered'; statusCode: number; durationMs: number; snippet: string }
  | { kind: 'failed'; error: string; durationMs: number };

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
