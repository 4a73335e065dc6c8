import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
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
  const entries = new Map<string, Representation>();
  return {
    async get<S extends z.ZodType>(key: string, schema: S, build: () => Promise<z.input<S>>): Promise<Representation> {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      // The response schema is the allow-list: only its fields reach the wire.
      const body = Buffer.from(JSON.stringify(schema.parse(await build())));
      const representation = { body, etag: etagOf(body) };
      entries.set(key, representation);
      if (entries.size > limit) entries.delete(entries.keys().next().value as string);
      return representation;
    },
  };
}

export function sendRepresentation(reply: FastifyReply, representation: Representation): FastifyReply {
  return reply.header('etag', representation.etag).type('application/json; charset=utf-8').send(representation.body);
}
