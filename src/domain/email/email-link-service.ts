import type { Mode, RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { AccountRepo, StoreRepo } from '../accounts/ports.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { SettingsRepo } from '../settings/ports.ts';
import { ensureSettings } from '../settings/store-settings.ts';
import { auditEntry } from '../shared/audit-trail.ts';
import { isUniqueConflict } from '../shared/conflicts.ts';
import { newId } from '../shared/ids.ts';
import { hashSecret } from '../shared/secrets.ts';
import type { Transactional } from '../shared/transactional.ts';
import type { EmailLinkScope, EmailRepo, RenderEmail } from './ports.ts';
import { EMAIL_LINK_KINDS, EMAIL_LINK_TTL_MS, type EmailLink, type EmailLinkPurpose, type EmailParams } from './types.ts';

/** The token of a mailed link (the sender mints it: domain/email/mail-sender.ts). */
export const EMAIL_LINK_TOKEN_PREFIX = 'cs_eml_';
/** Where a mailed link leads: a page that says what opening it does, with one button to do it (src/web). */
export const EMAIL_LINK_PATH = '/email-links/confirm';

/** What `mailLink` needs: the outbox and the links, in the caller's transaction. */
export type MailLinkRepos = { email: Pick<EmailRepo, 'insertMessages' | 'afterCommit' | 'insertLink' | 'endOpenLinks'> };

/**
 * Queues a message carrying a link of `purpose` to `to`, in the caller's transaction, ending every earlier open link of
 * the same purpose for the same account (or store and mode): only the newest request can be confirmed. The link's
 * token is minted when the mail is sent, so none is ever stored (docs/security.md, "Directing data").
 */
export async function mailLink(
  repos: MailLinkRepos,
  deps: { render: RenderEmail; notify: () => void },
  input: { purpose: EmailLinkPurpose; to: string; userId?: string; storeId?: string; mode?: Mode; params: EmailParams; now: Date },
): Promise<EmailLink> {
  const { purpose, now } = input;
  const scope: EmailLinkScope = input.userId !== undefined ? { purpose, userId: input.userId } : { purpose, storeId: input.storeId!, mode: input.mode! };
  await repos.email.endOpenLinks(scope, now);
  const id = newId('eml', now);
  const link: EmailLink = {
    id,
    purpose,
    userId: input.userId ?? null,
    storeId: input.storeId ?? null,
    mode: input.mode ?? null,
    email: input.to,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS[purpose]),
    usedAt: null,
  };
  await repos.email.insertLink(link);
  const kind = EMAIL_LINK_KINDS[purpose];
  const params = { email: input.to, ...input.params };
  await repos.email.insertMessages([
    { id, storeId: input.storeId ?? null, mode: input.mode ?? null, kind, cause: `email-link:${id}`, to: input.to, subject: deps.render(kind, params).subject, params, createdAt: now },
  ]);
  repos.email.afterCommit(deps.notify);
  return link;
}

/** The repositories email-link-service.ts reads and writes. */
export interface EmailLinkServiceRepos {
  email: Pick<EmailRepo, 'insertMessages' | 'afterCommit' | 'insertLink' | 'endOpenLinks' | 'findLiveLink' | 'useLink'>;
  accounts: Pick<AccountRepo, 'lockUser' | 'emailTaken' | 'setEmail' | 'markEmailVerified' | 'revokeSessionsOfUser'>;
  settings: Pick<SettingsRepo, 'insertIfAbsent' | 'lock' | 'update'>;
  stores: Pick<StoreRepo, 'findStore' | 'lockStore'>;
  audit: Pick<AuditRepo, 'insert'>;
}

/** What a link does, for the page that asks before doing it. */
export interface LinkPreview {
  purpose: EmailLinkPurpose;
  email: string;
  storeName: string | null;
  mode: Mode | null;
}

/** What opening a link did. */
export type LinkOutcome = LinkPreview & { sessionsEnded: number };

function linkInvalid(): AppError {
  return new AppError(
    'EMAIL_LINK_INVALID',
    'This link does not work any more: it was used, it expired, or a newer request replaced it. Ask again from your account or the store settings.',
    { details: [{ path: 'token', rule: 'must be the token of an unused, unexpired link from the latest mail' }] },
  );
}

function emailTaken(): AppError {
  return new AppError('EMAIL_TAKEN', 'Another account uses this email now, so it cannot be yours as well. Choose another email.', {
    details: [{ path: 'email', rule: 'must not belong to another account' }],
  });
}

/**
 * Mailed links (docs/security.md, "Directing data", "Account email"): what opening one does, once, in one transaction.
 * - a store's notification address: it becomes the address notifications go to in that mode;
 * - an account's new email: it replaces the old one (verified), and the old address is mailed a notice whose link
 *   undoes the change;
 * - the undo link: the old email comes back (verified) and every session of the account ends (a stolen session
 *   cannot keep the account);
 * - a verification: the account's email is marked verified, if it is still that email.
 */
export function createEmailLinkService(deps: { repos: Transactional<EmailLinkServiceRepos>; render: RenderEmail; notify: () => void }) {
  const { repos } = deps;

  async function preview(r: EmailLinkServiceRepos, link: EmailLink): Promise<LinkPreview> {
    const store = link.storeId ? await r.stores.findStore(link.storeId) : undefined;
    return { purpose: link.purpose, email: link.email, storeName: store?.name ?? null, mode: link.mode };
  }

  return {
    /** What the link would do, without doing it; undefined when it does not work (any more). */
    async describe(ctx: RequestContext, token: string): Promise<LinkPreview | undefined> {
      const link = await repos.email.findLiveLink(hashSecret(token), ctx.now);
      return link && preview(repos, link);
    },

    /** Does what the link says, once. */
    async confirm(ctx: RequestContext, token: string): Promise<LinkOutcome> {
      try {
        return await repos.transaction(async (r) => {
          const link = await r.email.findLiveLink(hashSecret(token), ctx.now);
          if (!link) throw linkInvalid();
          const seen = await preview(r, link);
          let sessionsEnded = 0;
          if (link.purpose === 'notification_email') {
            const tenant = { storeId: link.storeId!, mode: link.mode! };
            if (!(await r.stores.lockStore(tenant.storeId))) throw linkInvalid();
            await ensureSettings(r, tenant, ctx.now);
            await r.settings.lock(tenant);
            await r.settings.update(tenant, { notificationEmail: link.email }, ctx.now);
            const actor = { type: 'system' as const, id: 'email-link', label: link.email, userId: null };
            await r.audit.insert(
              auditEntry({ actor, requestId: ctx.requestId, now: ctx.now }, tenant.storeId, tenant.mode, {
                action: 'settings.notification_email_confirm',
                targetType: 'store_settings',
                targetId: tenant.storeId,
                details: { notificationEmail: link.email },
              }),
            );
          } else {
            const user = await r.accounts.lockUser(link.userId!);
            if (!user) throw linkInvalid();
            if (link.purpose === 'email_verification') {
              if (!(await r.accounts.markEmailVerified(user.id, link.email, ctx.now))) throw linkInvalid();
            } else {
              if (await r.accounts.emailTaken(link.email, user.id)) throw emailTaken();
              await r.accounts.setEmail(user.id, link.email, ctx.now, ctx.now);
              await r.email.endOpenLinks({ purpose: 'account_email', userId: user.id }, ctx.now);
              await r.email.endOpenLinks({ purpose: 'email_verification', userId: user.id }, ctx.now);
              if (link.purpose === 'account_email') {
                // The old address hears of it, with the way back (the notice names the new address).
                await mailLink(r, deps, { purpose: 'account_email_undo', to: user.email, userId: user.id, params: { oldEmail: user.email, email: link.email }, now: ctx.now });
              } else {
                await r.email.endOpenLinks({ purpose: 'account_email_undo', userId: user.id }, ctx.now);
                sessionsEnded = await r.accounts.revokeSessionsOfUser(user.id, ctx.now);
              }
            }
          }
          await r.email.useLink(link.id, ctx.now);
          return { ...seen, sessionsEnded };
        });
      } catch (error) {
        if (isUniqueConflict(error, 'user_email')) throw emailTaken();
        throw error;
      }
    },
  };
}

export type EmailLinkService = ReturnType<typeof createEmailLinkService>;
