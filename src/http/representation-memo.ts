import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { boundedLru } from './bounded-lru.ts';
import { etagOf } from './etag.ts';

export interface Representation {
  body: Buffer;
  etag: string;
}

/**
 * Keeps serialized responses (bytes and their ETag) for reads whose data changes rarely and only under a known
 * revision. The key must include everything the body depends on (revision, query); a hit skips filtering,
 * serialization and hashing, which keeps the 200 path close to a static file and makes a 304 almost free.
 * Bounded: the least recently used entry goes when `limit` is reached.
 */
export function createRepresentationMemo(limit = 256) {
  const entries = boundedLru<Representation>(limit, () => 1);
  return {
    async get<S extends z.ZodType>(key: string, schema: S, build: () => Promise<z.input<S>>): Promise<Representation> {
      const hit = entries.get(key);
      if (hit) return hit;
      // The response schema is the allow-list: only its fields reach the wire.
      const representation = representationOf(JSON.stringify(schema.parse(await build())));
      entries.set(key, representation);
      return representation;
    },
  };
}

/** JSON text as the bytes to send and their ETag. */
export function representationOf(json: string): Representation {
  const body = Buffer.from(json);
  return { body, etag: etagOf(body) };
}

export function sendRepresentation(reply: FastifyReply, representation: Representation): FastifyReply {
  return reply.header('etag', representation.etag).type('application/json; charset=utf-8').send(representation.body);
}
