import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request over a real socket (the front cache sits in the HTTP server, which `inject` does not go through). */
export function send(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The headers that say what the response is; those that differ per response (the request id, what is left of the
 * rate limit) or per connection are left out.
 */
export function describing(headers: IncomingHttpHeaders): Record<string, unknown> {
  const { 'x-request-id': _id, ratelimit: _left, date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
}
