import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request, echoed as `X-Request-Id` and logged as `reqId`. A caller's X-Request-Id is kept when it is a
 * sane token, so ids can be followed across services; otherwise a new UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}
