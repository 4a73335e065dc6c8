import type { Redis } from 'ioredis';
import type { RateLimiter } from '../domain/shared/rate-limit.ts';

const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
return {count, ttl}
`;

/** Check and increment in one script: Redis runs it atomically, so concurrent takers on any instance never overshoot. */
const TAKE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then return {0, count, redis.call('TTL', KEYS[1])} end
count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return {1, count, redis.call('TTL', KEYS[1])}
`;

const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/**
 * Rate-limit counts shared by every instance through Redis (fixed windows, one atomic script per change). The
 * connection is the caller's (store/redis.ts) and outlives the limiter.
 */
export function createRedisRateLimiter(redis: Redis, prefix = 'commerce:rl:'): RateLimiter {
  return {
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.ttl(prefix + key)]);
      return count === null ? { count: 0, resetInSeconds: 0 } : { count: Number(count), resetInSeconds: Math.max(1, ttl) };
    },
    async hit(key, windowSeconds) {
      const [count, ttl] = (await redis.eval(HIT, 1, prefix + key, String(windowSeconds))) as [number, number];
      return { count, resetInSeconds: Math.max(1, ttl) };
    },
    async take(key, limit, windowSeconds) {
      const [allowed, count, ttl] = (await redis.eval(TAKE, 1, prefix + key, String(limit), String(windowSeconds))) as [number, number, number];
      return { allowed: allowed === 1, count, resetInSeconds: Math.max(1, ttl) };
    },
    async release(key) {
      await redis.eval(RELEASE, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {},
  };
}
