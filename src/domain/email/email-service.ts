import type { StoreContext } from '../../context.ts';
import { requirePermission } from '../shared/access.ts';
import { anyIdCursor, pageOf } from '../shared/pagination.ts';
import type { EmailRepo } from './ports.ts';
import type { EmailKind, EmailMessage, EmailStatus } from './types.ts';

/**
 * The store's recent mail (GET /v1/emails): what was queued for the store in this mode and store-wide (invitations),
 * with how its sending went, so a failure is visible. settings:read.
 */
export function createEmailService(deps: { repos: Pick<{ email: Pick<EmailRepo, 'list'> }, 'email'> }) {
  const { repos } = deps;
  return {
    async list(ctx: StoreContext, query: { limit: number; cursor?: string | undefined; status?: EmailStatus | undefined; kind?: EmailKind | undefined }): Promise<{ items: EmailMessage[]; nextCursor: string | null }> {
      requirePermission(ctx, 'settings:read');
      const after = query.cursor === undefined ? undefined : anyIdCursor.decode(query.cursor);
      const rows = await repos.email.list(ctx.tenant, { limit: query.limit, after, status: query.status, kind: query.kind });
      return pageOf(rows, query.limit, (last) => anyIdCursor.encode(last.id));
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
