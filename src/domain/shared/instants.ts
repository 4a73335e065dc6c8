import { z } from 'zod';

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * An instant as sent on the wire: ISO 8601 date-time with optional seconds and milliseconds. Without a zone it is
 * UTC, matching the zone-less UTC timestamps the API sends (`2026-11-22T03:04:05.123`); `Z` or `±hh:mm` are accepted
 * too. Returns null when the text is not such a date-time or names a day that does not exist (2026-02-30).
 */
export function parseInstant(text: string): Date | null {
  const m = ISO_DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '0'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < 1970 || month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  const date = new Date(m[8] ? text.trim() : `${text.trim()}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The zod shape of an instant on input; the service converts it with `parseInstant`. */
export const Instant = z
  .string({ error: 'must be an ISO 8601 date-time string' })
  .max(40, 'must be an ISO 8601 date-time such as 2026-11-22T03:04:05.000 (UTC when no zone is given)')
  .refine((value) => parseInstant(value) !== null, 'must be an ISO 8601 date-time such as 2026-11-22T03:04:05.000 (UTC when no zone is given)')
  .describe('ISO 8601 date-time; UTC when no zone is given, e.g. 2026-11-22T03:04:05.000');

/** An instant on input that must name its zone (`Z` or `±hh:mm`); the caller converts it with `new Date`. */
export const ZonedDateTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with a zone, e.g. 2026-11-22T00:00:00Z' });

/** `parseInstant` for values the schema has already accepted. */
export function instant(text: string): Date {
  const date = parseInstant(text);
  if (date === null) throw new Error(`not an instant: ${text}`);
  return date;
}

/** "Last used" times (API keys, app authorizations) are recorded to the minute: at most one write a minute each. */
export const LAST_USE_RESOLUTION_MS = 60_000;

/** Whether a "last used" time is old enough to be written again. */
export function lastUseIsStale(lastUsedAt: Date | null, now: Date): boolean {
  return lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= LAST_USE_RESOLUTION_MS;
}

/**
 * Records a "last used" time: only when stale (so a read-only request writes nothing most of the time), and never at
 * the cost of the request it belongs to: a write the database refuses (a SQLite write lock held elsewhere, an
 * outage) is dropped, and the next request tries again.
 */
export async function recordLastUse(lastUsedAt: Date | null, now: Date, write: () => Promise<void>): Promise<void> {
  if (!lastUseIsStale(lastUsedAt, now)) return;
  try {
    await write();
  } catch {
    // Best effort by design: the time of last use is informational.
  }
}
