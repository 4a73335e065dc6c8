import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryRateLimiter } from '../src/domain/shared/rate-limit.ts';

describe('the in-memory rate limiter', () => {
  it('takes at most the limit per window, gives attempts back, and opens a new window when one ends', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    const takes = await Promise.all(Array.from({ length: 8 }, () => limiter.take('k', 3, 60)));
    assert.deepEqual(takes.map((t) => t.allowed), [true, true, true, false, false, false, false, false]);
    assert.equal((await limiter.peek('k')).count, 3, 'refused takes change nothing');
    await limiter.release('k');
    assert.equal((await limiter.take('k', 3, 60)).allowed, true, 'a released attempt can be taken again');
    assert.equal((await limiter.take('k', 3, 60)).resetInSeconds, 60);
    now += 60_000;
    assert.deepEqual(await limiter.peek('k'), { count: 0, resetInSeconds: 0 }, 'the window ended');
    await limiter.release('k');
    assert.equal((await limiter.peek('k')).count, 0, 'never below zero');
    assert.equal((await limiter.take('k', 3, 60)).count, 1);
  });

  it('keeps at most its maximum number of keys, dropping the oldest windows first', async () => {
    const limiter = createMemoryRateLimiter(Date.now, 3);
    for (const key of ['a', 'b', 'c', 'd']) await limiter.hit(key, 60);
    assert.equal((await limiter.peek('a')).count, 0, 'the oldest went');
    for (const key of ['b', 'c', 'd']) assert.equal((await limiter.peek(key)).count, 1);
  });
});
