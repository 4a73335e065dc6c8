import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * JSON request bodies (docs/errors.md, docs/security.md "Request bounds"): UTF-8 only (RFC 8259 §8.1), nested at most
 * MAX_JSON_DEPTH levels, read by Fastify's own parser (which refuses `__proto__` poisoning). REST bodies and the AI
 * connector's JSON-RPC messages go through the same checks (`checkJsonText`).
 */

/** Arrays and objects inside each other, at most: far beyond any body of this API (a variant group nests 4). */
export const MAX_JSON_DEPTH = 32;

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Why a JSON text is refused before it is parsed, or null when it may be parsed. */
export type JsonTextProblem = { kind: 'charset'; charset: string } | { kind: 'encoding' } | { kind: 'depth' };

/** The charset parameter of a Content-Type, lower-cased; undefined when there is none. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

/** The deepest nesting of arrays and objects in a JSON text (strings skipped), stopping once past `limit`. */
export function nestingDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** Decodes a JSON body as UTF-8 and checks its nesting: the text, or why it is refused. */
export function checkJsonText(body: Buffer, contentType: string | undefined): { text: string } | { problem: JsonTextProblem } {
  const charset = charsetOf(contentType);
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') return { problem: { kind: 'charset', charset } };
  let text: string;
  try {
    text = decoder.decode(body);
  } catch {
    return { problem: { kind: 'encoding' } };
  }
  if (nestingDepth(text) > MAX_JSON_DEPTH) return { problem: { kind: 'depth' } };
  return { text };
}

/** The REST refusal of each problem. */
function refusal(problem: JsonTextProblem): AppError {
  switch (problem.kind) {
    case 'charset':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', `JSON bodies are UTF-8 (RFC 8259): charset=${problem.charset} is not accepted. Send the body as UTF-8, with charset=utf-8 or no charset.`, {
        details: [{ path: 'Content-Type', rule: 'charset must be utf-8 when given', in: 'header' }],
      });
    case 'encoding':
      return new AppError('MALFORMED_JSON', 'The request body is not valid UTF-8, so it is not JSON (RFC 8259). Send the text encoded as UTF-8.');
    case 'depth':
      return new AppError('JSON_TOO_DEEP', `The JSON body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep, the most accepted. Send a flatter body.`, {
        details: [{ path: '', rule: `must nest at most ${MAX_JSON_DEPTH} levels of arrays and objects` }],
      });
  }
}

/** Replaces Fastify's JSON parser with one that checks the encoding and the nesting first, then parses as it did. */
export function registerJsonBodies(app: FastifyInstance, bodyLimit: number): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request: FastifyRequest, body: Buffer | string, done) => {
    const checked = checkJsonText(Buffer.isBuffer(body) ? body : Buffer.from(body), request.headers['content-type']);
    if ('problem' in checked) return done(refusal(checked.problem), undefined);
    parse(request, checked.text, done);
  });
}
