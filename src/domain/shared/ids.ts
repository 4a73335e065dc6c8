import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

// Monotonic within a millisecond (as the ULID spec's monotonic factory): ids made in the same millisecond by this
// process still sort in the order they were made, so rows created together keep their order.
let lastTime = -1;
let lastRandom: number[] = [];

function randomDigits(): number[] {
  const bytes = randomBytes(16);
  return Array.from({ length: 16 }, (_, i) => bytes[i]! & 31);
}

function increment(digits: number[]): number[] {
  const out = [...digits];
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i]! < 31) {
      out[i]! += 1;
      return out;
    }
    out[i] = 0;
  }
  return randomDigits(); // 80-bit overflow within one millisecond: practically impossible
}

/**
 * A new identifier `<prefix>_<26 chars>`: a ULID (48-bit millisecond time + 80 random bits, Crockford base32), so ids
 * sort by creation time and cursor pagination can order by id alone.
 */
export function newId(prefix: string, now: Date = new Date()): string {
  const ms = now.getTime();
  if (ms === lastTime) lastRandom = increment(lastRandom);
  else {
    lastRandom = randomDigits();
    lastTime = ms;
  }
  let time = ms;
  let head = '';
  for (let i = 0; i < 10; i += 1) {
    head = CROCKFORD[time % 32] + head;
    time = Math.floor(time / 32);
  }
  return `${prefix}_${head}${lastRandom.map((d) => CROCKFORD[d]).join('')}`;
}
