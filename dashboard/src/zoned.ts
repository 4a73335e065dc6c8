import { parseWireTimestamp } from './api/session.ts';

/**
 * Dates and times in the store's time zone, for every section. A `<input type="date">` picks a day of the store
 * (`todayIn`, `startOfDayIn`: the end of a ban, an export's range); date-and-time fields are
 * `<input type="datetime-local">`. A `<input type="datetime-local">` holds a wall-clock time with no zone
 * ("2026-11-22T09:30"); the store's schedule means that time where the store is, so it is converted with the store's
 * IANA time zone (from `GET /v1/stores`) to the instant the API takes, and back for display. Intl does the zone rules
 * (daylight saving included); no library.
 */

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormats.get(timeZone);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = {
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    };
    try {
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // A zone this browser does not know: UTC, which the labels then name.
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    partsFormats.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of instant `ms` in `timeZone`. */
function wallClock(ms: number, timeZone: string): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const get = (parts: Intl.DateTimeFormatPart[], type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const parts = partsFormat(timeZone).formatToParts(ms);
  return { y: get(parts, 'year'), mo: get(parts, 'month'), d: get(parts, 'day'), h: get(parts, 'hour') % 24, mi: get(parts, 'minute'), s: get(parts, 'second') };
}

/** How far `timeZone` is ahead of UTC at instant `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(ms / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Today's date ("YYYY-MM-DD") in the time zone. */
export function todayIn(timeZone: string, now = Date.now()): string {
  const w = wallClock(now, timeZone);
  return `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}`;
}

/** `date` ("YYYY-MM-DD") moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The instant that day starts in the time zone (00:00 local), as an ISO string in UTC; null for text that is not a
 * date (or names a day that does not exist, such as 2026-02-30). Two passes, so a day whose offset differs from the day before (DST) comes out right.
 */
export function startOfDayIn(date: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // A day that does not exist (2026-02-30) would roll over into the next month: it is no date either.
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 10) !== date) return null;
  let ms = wall - offsetAt(wall, timeZone);
  ms = wall - offsetAt(ms, timeZone);
  return new Date(ms).toISOString();
}

/** A wire timestamp (UTC, no zone) as the value of a datetime-local input in `timeZone` ("YYYY-MM-DDTHH:mm"); '' for null. */
export function toZonedInput(wire: string | null, timeZone: string): string {
  if (wire === null) return '';
  const ms = parseWireTimestamp(wire);
  if (Number.isNaN(ms)) return '';
  const w = wallClock(ms, timeZone);
  return `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}

/** Now, as a datetime-local value in `timeZone` (the default start of a new schedule). */
export function nowZonedInput(timeZone: string, now = Date.now()): string {
  const w = wallClock(now, timeZone);
  return `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}

/**
 * A datetime-local value meant in `timeZone` as the instant the API takes (ISO 8601 with `Z`); null for ''. A time
 * that a daylight-saving change skips (02:30 when clocks jump from 02:00 to 03:00) is read as the same span after the
 * jump; a time that happens twice (clocks going back) as the first of the two. Text that is no date-time is returned
 * as it is, for the API to refuse naming the field.
 */
export function fromZonedInput(local: string, timeZone: string): string | null {
  const text = local.trim();
  if (text === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!m) return text;
  const [, y, mo, d, h, mi, s = '0'] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // The zone's offsets a day either side; an offset is right when the instant it gives has that offset.
  const before = offsetAt(wall - 86_400_000, timeZone);
  const after = offsetAt(wall + 86_400_000, timeZone);
  const fits = [wall - before, wall - after].filter((t) => offsetAt(t, timeZone) === wall - t);
  // Clocks going back: two fit, the first is taken. Clocks jumping: none fits; the offset before the jump gives the
  // instant as far after the jump as the time was after the skipped hour's start.
  const ms = fits.length > 0 ? Math.min(...fits) : wall - before;
  return new Date(ms).toISOString();
}

/** The zone's name for the hint next to a date-time field ("America/New_York, GMT-5"). */
export function zoneLabel(timeZone: string, at = Date.now()): string {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
    return name ? `${timeZone}, ${name}` : timeZone;
  } catch {
    return timeZone;
  }
}
