import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson, decide, IDEMPOTENCY_WINDOW_MS, type IdempotencyRecord, isReplayable, openResponse, readIdempotencyKey, requestFingerprint, sealingKey, sealResponse } from '../src/domain/idempotency/idempotency-rules.ts';

const now = new Date('2026-11-22T10:00:00.000Z');
const attempt = { method: 'POST', path: '/v1/api-keys', fingerprint: requestFingerprint('POST', '/v1/api-keys', { name: 'a' }) };
function record(overrides: Partial<IdempotencyRecord> = {}): IdempotencyRecord {
  return {
    scope: 's',
    keyHash: 'h',
    claimId: 'c',
    ...attempt,
    responseStatus: 201,
    responseSealed: 'x',
    createdAt: new Date(now.getTime() - 1000),
    lockedUntil: null,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_WINDOW_MS - 1000),
    ...overrides,
  };
}

describe('idempotency rules', () => {
  it('compares bodies regardless of key order and whitespace, but not of values', () => {
    assert.equal(canonicalJson({ b: [1, { y: 2, x: 1 }], a: 'z' }), '{"a":"z","b":[1,{"x":1,"y":2}]}');
    assert.equal(requestFingerprint('POST', '/p', { a: 1, b: 2 }), requestFingerprint('post', '/p', JSON.parse('{ "b": 2,  "a": 1 }')));
    assert.notEqual(requestFingerprint('POST', '/p', { a: 1 }), requestFingerprint('POST', '/p', { a: '1' }));
    assert.notEqual(requestFingerprint('POST', '/p', { a: 1 }), requestFingerprint('POST', '/q', { a: 1 }));
    assert.notEqual(requestFingerprint('POST', '/p', undefined), requestFingerprint('POST', '/p', null));
  });

  it('decides: replay, reused, in progress, or take over', () => {
    assert.deepEqual(decide(record(), attempt, now), { kind: 'replay', status: 201 });
    assert.deepEqual(decide(record({ fingerprint: 'other' }), attempt, now), { kind: 'reused' });
    assert.deepEqual(decide(record({ path: '/v1/stores' }), attempt, now), { kind: 'reused' });
    const inFlight = { responseStatus: null, responseSealed: null, lockedUntil: new Date(now.getTime() + 1000) };
    assert.deepEqual(decide(record(inFlight), attempt, now), { kind: 'in_progress', retryAfterSeconds: 1 });
    assert.deepEqual(decide(record({ ...inFlight, lockedUntil: now }), attempt, now), { kind: 'take_over' }, 'the lock ran out');
    assert.deepEqual(decide(record({ expiresAt: now, fingerprint: 'other' }), attempt, now), { kind: 'take_over' }, 'after 24 hours');
  });

  it('keeps 2xx to 4xx responses, not 5xx', () => {
    assert.deepEqual([200, 201, 304, 403, 422, 499, 500, 503].map(isReplayable), [true, true, true, true, true, true, false, false]);
  });

  it('reads keys of 1-255 printable ASCII characters, bare or quoted', () => {
    assert.equal(readIdempotencyKey('abc'), 'abc');
    assert.equal(readIdempotencyKey('"abc"'), 'abc');
    assert.equal(readIdempotencyKey('a b'), 'a b');
    for (const bad of ['', '""', ' a', 'a ', 'ä', 'a\tb', 'x'.repeat(256)]) assert.equal(readIdempotencyKey(bad), null, JSON.stringify(bad));
    assert.equal(readIdempotencyKey('x'.repeat(255))?.length, 255);
  });

  it('seals a response so that only the same key and scope open it', () => {
    const response = { status: 201, headers: { 'content-type': 'application/json' }, body: '{"key":"sk_live_secret"}', bodyEncoding: 'utf8' as const };
    const sealed = sealResponse(response, sealingKey('key-1', 'scope'));
    assert.ok(!Buffer.from(sealed, 'base64').toString('latin1').includes('sk_live_secret'));
    assert.deepEqual(openResponse(sealed, sealingKey('key-1', 'scope')), response);
    assert.throws(() => openResponse(sealed, sealingKey('key-2', 'scope')));
    assert.throws(() => openResponse(sealed, sealingKey('key-1', 'other scope')));
  });
});
