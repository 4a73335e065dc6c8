import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

/** ioredis, loaded with the first connection (only with REDIS_URL): src/outbound/lazy-modules.ts says why. */
let ioredis: typeof import('ioredis') | undefined;
const ioredisModule = (): typeof import('ioredis') => (ioredis ??= createRequire(import.meta.url)('ioredis') as typeof import('ioredis'));

/** How long one Redis command may take before it fails (a Redis that hangs must not hang requests). */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

/**
 * The one Redis connection of an instance (REDIS_URL), shared by the sign-in throttle and the request rate limits.
 * Commands fail after REDIS_COMMAND_TIMEOUT_MS instead of waiting for a Redis that does not answer; while it
 * reconnects, commands wait in ioredis's queue within that bound.
 */
export function openRedis(url: string): Redis {
  const redis = new (ioredisModule().Redis)(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: true, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
  redis.on('error', () => {}); // surfaced by the failing command instead
  return redis;
}

export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}
