import { Redis } from 'ioredis';
import type { RateLimiter } from '../domain/rate-limit.ts';

const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
return {count, ttl}
`;

/** Rate-limit counts shared by every instance through Redis (fixed windows, one atomic script per hit). */
export function createRedisRateLimiter(url: string, prefix = 'commerce:rl:'): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on('error', () => {}); // surfaced by the failing command instead
  return {
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.ttl(prefix + key)]);
      return count === null ? { count: 0, resetInSeconds: 0 } : { count: Number(count), resetInSeconds: Math.max(1, ttl) };
    },
    async hit(key, windowSeconds) {
      const [count, ttl] = (await redis.eval(HIT, 1, prefix + key, String(windowSeconds))) as [number, number];
      return { count, resetInSeconds: Math.max(1, ttl) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
