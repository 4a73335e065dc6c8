import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Precondition } from '../domain/shared/preconditions.ts';
import { AppError } from '../errors.ts';
import { ok, type Representation } from '../wire/envelope.ts';
import { ErrorEnvelopeSchema } from './envelope.ts';
import { etagOf, ifMatchMatches } from './etag.ts';

/** The context argument of a representation: none for `void`. */
// biome-ignore lint/suspicious/noConfusingVoidType: void is the "no context" of `Precondition<T, C = void>`, which lets callers omit the argument.
type ContextArgs<C> = [C] extends [void] ? [context?: C] : [context: C];

/** The ETag the GET of the resource answers with: the same encoding and hash as the serializer and caching plugin. */
export function representationEtag<T, C>(rep: Representation<T, C>, entity: T, ...[context]: ContextArgs<C>): string {
  const encoded = z.safeEncode(rep.schema, ok(rep.message, rep.toWire(entity, context as C)));
  if (!encoded.success) throw encoded.error;
  return etagOf(JSON.stringify(encoded.data));
}

/**
 * If-Match (RFC 9110 §13.1.1) for a write: a check that runs against the current state inside the write
 * transaction; a tag that is not the current one (strong comparison) stops the write with 412 and the current ETag.
 * `*` matches any existing resource. Without the header there is no check.
 */
export function ifMatch<T, C>(request: FastifyRequest, rep: Representation<T, C>): Precondition<T, C> | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  return (current, context) => {
    if (header.trim() === '*') return; // the resource exists: the service found it before asking
    const etag = representationEtag<T, C>(rep, current, ...([context] as ContextArgs<C>));
    if (!ifMatchMatches(header, etag)) {
      throw new AppError('PRECONDITION_FAILED', 'The resource changed since you read it: If-Match does not match its current ETag. GET it again, re-apply your change and retry.', {
        headers: { etag },
        details: [{ path: 'If-Match', rule: 'must be the current ETag of the resource', in: 'header' }],
      });
    }
  };
}

/** After a successful write, the ETag the resource's GET now answers with. */
export function sendWithEtag<T, C>(reply: FastifyReply, rep: Representation<T, C>, entity: T, ...context: ContextArgs<C>): FastifyReply {
  return reply.header('etag', representationEtag<T, C>(rep, entity, ...context));
}

// ---- the OpenAPI document ------------------------------------------------------------------------------------

/** The sentence a route honouring If-Match adds to its description. */
export const IF_MATCH_NOTE =
  'Send If-Match with the ETag of the GET of this URL to make the change only if nobody changed it since (412 PRECONDITION_FAILED otherwise, with the current ETag).';

/** The 412 answer of a route honouring If-Match, for its `response` schemas. */
export const PRECONDITION_FAILED = { 412: ErrorEnvelopeSchema } as const;

/** Route config of a route honouring If-Match: the OpenAPI document then lists the `If-Match` request header. */
export const HONOURS_IF_MATCH = { ifMatch: true } as const;

const IF_MATCH_HEADER = {
  type: 'object',
  properties: {
    'If-Match': {
      type: 'string',
      description:
        'Optional. The ETag of the GET of this URL (or a list of them, or *): the change is made only if it is still the current one; otherwise 412 PRECONDITION_FAILED with the current ETag, and nothing changes. Strong comparison: a weak tag (W/"…") never matches.',
    },
  },
};

/**
 * Wraps the OpenAPI transform so that routes whose config has `ifMatch: true` list the optional `If-Match` request
 * header. Documentation only: the header is read by `ifMatch`, never validated by a schema.
 */
export function documentIfMatch<I extends { route: { config?: unknown } }, O extends { schema?: unknown }>(transform: (input: I) => O): (input: I) => O {
  return (input) => {
    const out = transform(input);
    const config = input.route.config as { ifMatch?: boolean } | undefined;
    if (config?.ifMatch && out.schema && typeof out.schema === 'object') {
      return { ...out, schema: { ...out.schema, headers: IF_MATCH_HEADER } };
    }
    return out;
  };
}
