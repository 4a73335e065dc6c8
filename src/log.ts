import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config.ts';

const SECRET_QUERY = /token|code|secret|password|key|verifier|assertion/i;

/**
 * A URL as it may be logged: values of parameters that can carry credentials are replaced, also inside a parameter
 * that is itself a path with a query (`/login?next=/dashboard/invitations/accept?token=…`).
 */
export function redactUrlForLog(url: string, depth = 0): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (SECRET_QUERY.test(name)) {
      params.set(name, '[redacted]');
      changed = true;
      continue;
    }
    const value = params.get(name) ?? '';
    if (depth < 2 && value.startsWith('/') && value.includes('?')) {
      const redacted = redactUrlForLog(value, depth + 1);
      if (redacted !== value) {
        params.set(name, redacted);
        changed = true;
      }
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/**
 * Structured JSON logs (pino). Credentials never reach a log line: credential headers are censored wherever they
 * appear and secret-looking query parameters are masked in the logged URL.
 */
export function loggerOptions(level: LogLevel, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  // Silent means no logger at all: Fastify then builds no child logger per request and attaches no listeners to log
  // each response, which a logger at level 'silent' still costs on every request.
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-merchantapikey"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.access_token',
        '*.refresh_token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request) {
        const headers = request.headers as Record<string, string | undefined>;
        return {
          method: request.method,
          url: redactUrlForLog(request.url),
          remoteAddress: request.ip,
          serviceClient: headers['x-service-client'],
          userAgent: headers['user-agent'],
        };
      },
    },
  };
}
