import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new identifier `<prefix>_<26 chars>`: a ULID (48-bit millisecond time + 80 random bits, Crockford base32), so ids
 * sort by creation time and cursor pagination can order by id alone.
 */
export function newId(prefix: string, now: Date = new Date()): string {
  let time = now.getTime();
  let head = '';
  for (let i = 0; i < 10; i += 1) {
    head = CROCKFORD[time % 32] + head;
    time = Math.floor(time / 32);
  }
  const bytes = randomBytes(10);
  let tail = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      tail += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return `${prefix}_${head}${tail}`;
}
