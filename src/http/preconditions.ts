import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Currency } from '../domain/catalog/types.ts';
import type { Precondition } from '../domain/catalog/catalog-support.ts';
import { AppError } from '../errors.ts';
import { ok } from './envelope.ts';
import { etagOf, ifMatchMatches } from './etag.ts';

/**
 * How a resource is represented by its GET route: the response schema, the message, and the mapping to wire fields.
 * The ETag of a representation is the hash of exactly the bytes that GET would send.
 */
export interface Representation<T> {
  schema: z.ZodType;
  message: string;
  toWire(entity: T, currency: Currency): unknown;
}

export function representationEtag<T>(rep: Representation<T>, entity: T, currency: Currency): string {
  const encoded = z.safeEncode(rep.schema, ok(rep.message, rep.toWire(entity, currency)));
  if (!encoded.success) throw encoded.error;
  return etagOf(JSON.stringify(encoded.data));
}

/**
 * If-Match (RFC 9110 §13.1.1) for a write: a check that runs against the current state inside the write
 * transaction; a tag that is not the current one (strong comparison) stops the write with 412 and the current ETag.
 */
export function ifMatch<T>(request: FastifyRequest, rep: Representation<T>): Precondition<T> | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  return (current, currency) => {
    const etag = representationEtag(rep, current, currency);
    if (!ifMatchMatches(header, etag)) {
      throw new AppError('PRECONDITION_FAILED', 'The resource changed since you read it: If-Match does not match its current ETag. GET it again, re-apply your change and retry.', {
        headers: { etag },
        details: [{ path: 'If-Match', rule: 'must be the current ETag of the resource', in: 'header' }],
      });
    }
  };
}

/** After a successful write, the ETag the resource's GET now answers with. */
export function sendWithEtag<T>(reply: FastifyReply, rep: Representation<T>, entity: T, currency: Currency): FastifyReply {
  return reply.header('etag', representationEtag(rep, entity, currency));
}
