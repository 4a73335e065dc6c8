/** Calendar dates in the store's time zone, for inputs that pick a day (the end of a ban). */

function parts(ms: number, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  for (const p of format.formatToParts(ms)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** How far the zone's wall clock is ahead of UTC at `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const p = parts(ms, timeZone);
  const wall = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** Today's date ("YYYY-MM-DD") in the time zone. */
export function todayIn(timeZone: string, now = Date.now()): string {
  const p = parts(now, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/**
 * The instant that day starts in the time zone (00:00 local), as an ISO string in UTC; null for text that is not a
 * date. Two passes, so a day whose offset differs from the day before (DST) comes out right.
 */
export function startOfDayIn(date: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (Number.isNaN(wall)) return null;
  let ms = wall - offsetAt(wall, timeZone);
  ms = wall - offsetAt(ms, timeZone);
  return new Date(ms).toISOString();
}
