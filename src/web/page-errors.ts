import type { FastifyError, FastifyInstance } from 'fastify';
import { isAppError } from '../errors.ts';
import { isOAuthError } from '../domain/oauth/errors.ts';
import { isDatabaseUnavailable } from '../db/db.ts';
import { errorPage } from './error-page.ts';
import { sendPage } from './send-page.ts';

const TITLES: Record<number, string> = {
  400: 'This request cannot go on',
  403: 'Not allowed',
  404: 'Not found',
  429: 'Too many attempts',
  503: 'Temporarily unavailable',
};

/** Failures on the pages answer with an error page (never JSON, never a redirect), with the same headers as pages. */
export function registerPageErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let message = `Something went wrong on our side. Try again later; if it persists, report request id ${request.id}.`;
    if (isAppError(error) || isOAuthError(error)) {
      status = error.status;
      message = error.message;
      const retryAfter = error.headers['retry-after'];
      if (retryAfter !== undefined) reply.header('retry-after', retryAfter);
    } else if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      status = 503;
      message = 'The service cannot reach its database right now. Try again in a moment.';
      reply.header('retry-after', '5');
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = 400;
      message = 'The form could not be read. Go back, reload the page and try again.';
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return sendPage(reply, status, errorPage(TITLES[status] ?? 'Something went wrong', message));
  });
}
