import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../../../container.ts';
import { EmailKindSchema, EmailRecord, EmailStatusSchema, toEmailRecord } from '../../../wire/email.ts';
import { okPage, PAGE_SHORT_CURSOR, pagedEnvelope, pageFields } from '../../../wire/page.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };
const EmailQuery = z.object({ ...pageFields(PAGE_SHORT_CURSOR, 'query'), status: EmailStatusSchema.optional(), kind: EmailKindSchema.optional() });

/** The store's recent mail and how its sending went (docs/email.md). */
export async function emailRoutes(app: FastifyInstance, deps: Pick<Container['services'], 'emails'>): Promise<void> {
  const { emails } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/emails',
    {
      config: { auth: 'store' as const },
      schema: {
        tags: ['Email'],
        summary: "The store's recent mail, newest first (settings:read)",
        description:
          'Invitations (whichever the mode) and the store notifications of this mode, with their status, attempts and the last error, so a delivery problem is visible. Password-reset mail belongs to a person, not a store, and is not listed. Kept 30 days.',
        querystring: EmailQuery,
        response: { 200: pagedEnvelope(z.array(EmailRecord)), ...errors },
      },
    },
    async (request) => {
      const page = await emails.list(storeCtx(request), request.query);
      return okPage('Emails retrieved', page.items.map(toEmailRecord), request.query.limit, page.nextCursor);
    },
  );
}
