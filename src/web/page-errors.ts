import type { FastifyInstance } from 'fastify';
import { logFault, type PublicError, publicError } from '../public-error.ts';
import { errorPage } from './error-page.ts';
import { sendPage } from './send-page.ts';

const TITLES: Record<number, string> = {
  400: 'This request cannot go on',
  403: 'Not allowed',
  404: 'Not found',
  429: 'Too many attempts',
  503: 'Temporarily unavailable',
};

/** What a page says about a failure: refusals as they are; a request the browser sent wrong, or our fault, for people. */
function pageAnswer(form: PublicError, requestId: string): { status: number; message: string } {
  switch (form.kind) {
    case 'unreadable':
      return { status: 400, message: 'The form could not be read. Go back, reload the page and try again.' };
    case 'internal':
      return { status: form.status, message: `Something went wrong on our side. Try again later; if it persists, report request id ${requestId}.` };
    default:
      return { status: form.status, message: form.message };
  }
}

/** Failures on the pages answer with an error page (never JSON, never a redirect), with the same headers as pages. */
export function registerPageErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error, request, reply) => {
    const form = publicError(error, { id: request.id });
    logFault(request.log, error, form);
    const { status, message } = pageAnswer(form, request.id);
    const retryAfter = form.headers['retry-after'];
    if (retryAfter !== undefined) reply.header('retry-after', retryAfter);
    return sendPage(reply, status, errorPage(TITLES[status] ?? 'Something went wrong', message));
  });
}
