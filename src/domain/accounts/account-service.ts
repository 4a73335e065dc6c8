import type { RequestContext, StoreContext, UserContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { AccountRepo, StoreRepo } from './ports.ts';
import type { Transactional } from '../shared/transactional.ts';
import { requireSession } from '../shared/access.ts';
import { auditEntry } from '../shared/audit-trail.ts';
import { isUniqueConflict } from '../shared/conflicts.ts';
import { newId } from '../shared/ids.ts';
import type { Role } from '../shared/permissions.ts';
import type { Precondition } from '../shared/preconditions.ts';
import type { RateLimiter } from '../shared/rate-limit.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { dummyPasswordHash, hashPassword, hashSecret, newSecret, verifyPassword } from '../shared/secrets.ts';
import { newStore } from './store-service.ts';
import type { Store, User } from './types.ts';
import type { EmailRepo, RenderEmail } from '../email/ports.ts';
import type { MailFeature } from '../email/types.ts';
import { mailLink } from '../email/email-link-service.ts';

/** The repositories account-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface AccountServiceRepos {
  accounts: Pick<AccountRepo, 'emailTaken' | 'findSession' | 'findUser' | 'findUserForLogin' | 'insertSession' | 'insertUser' | 'lockUser' | 'revokeSession' | 'updateUser'>;
  audit: Pick<AuditRepo, 'insert'>;
  email: Pick<EmailRepo, 'insertMessages' | 'afterCommit' | 'insertLink' | 'endOpenLinks' | 'findOpenLink'>;
  stores: Pick<StoreRepo, 'insertMember' | 'insertStore' | 'listStoresOfUser'>;
}

/** Sessions last a week; signing in again starts a new one. */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
/** A dashboard token lives 15 minutes (never beyond its browser session); the dashboard renews it before then. */
export const DASHBOARD_TOKEN_TTL_MS = 15 * 60 * 1000;
export const SESSION_TOKEN_PREFIX = 'cs_sess_';
/** A session that signed in this recently may change the account's email without the current password. */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;
/** Wrong current passwords per account before changing the email waits (a stolen session cannot guess on). */
export const REAUTH_LIMIT = { limit: 5, windowSeconds: 900 } as const;

/** The signed-in merchant as GET /v1/merchants/profile shows them: the account and the email waiting for its link. */
export type Profile = User & { pendingEmail: string | null };

/** What account mail needs (MAIL_FEATURES password-reset: the mail about a person's own account). */
export interface AccountMail {
  features: ReadonlySet<MailFeature>;
  render: RenderEmail;
  notify: () => void;
}


export interface SessionGrant {
  token: string;
  expiresAt: Date;
  sessionId: string;
}

export function createAccountService(deps: { repos: Transactional<AccountServiceRepos>; rateLimiter: RateLimiter; mail?: AccountMail | undefined }) {
  const { repos } = deps;
  const throttle = createLoginThrottle(deps.rateLimiter);
  const mail = deps.mail?.features.has('password-reset') ? deps.mail : undefined;

  function mailUnavailable(what: string): AppError {
    return new AppError('MAIL_UNAVAILABLE', `${what} needs a link mailed to the address, and this service sends no account mail (MAIL_FEATURES). Ask its operator.`);
  }

  async function profileOf(r: AccountServiceRepos, user: User, now: Date): Promise<Profile> {
    const pending = await r.email.findOpenLink({ purpose: 'account_email', userId: user.id }, now);
    return { ...user, pendingEmail: pending?.email ?? null };
  }

  /**
   * Proof that the person at the keyboard is the account's owner, for changing its email: the current password, or a
   * sign-in within RECENT_SIGN_IN_MS (a dashboard token counts from its browser session's sign-in). Wrong passwords are
   * counted per account: a stolen session cannot guess for long.
   */
  async function requireReauthentication(ctx: UserContext | StoreContext, user: User, currentPassword: string | undefined, sessionId: string | undefined): Promise<void> {
    const refused = (rule: string) =>
      new AppError('REAUTHENTICATION_REQUIRED', 'Changing your email needs your current password, unless you signed in within the last 5 minutes.', {
        details: [{ path: 'currentPassword', rule }],
      });
    if (currentPassword !== undefined) {
      const taken = await deps.rateLimiter.take(`reauth:${user.id}`, REAUTH_LIMIT.limit, REAUTH_LIMIT.windowSeconds);
      if (!taken.allowed) throw new AppError('TOO_MANY_ATTEMPTS', `Too many wrong passwords. Try again in ${taken.resetInSeconds} seconds.`, { headers: { 'retry-after': String(taken.resetInSeconds) } });
      const found = await repos.accounts.findUserForLogin(user.email);
      if (!found || found.user.id !== user.id || !(await verifyPassword(currentPassword, found.passwordHash))) throw refused('must be your current password');
      return;
    }
    if (sessionId !== undefined) {
      const session = await repos.accounts.findSession(sessionId);
      const signIn = session?.parentId ? await repos.accounts.findSession(session.parentId) : session;
      if (signIn && ctx.now.getTime() - signIn.createdAt.getTime() <= RECENT_SIGN_IN_MS) return;
    }
    throw refused('is required unless you signed in within the last 5 minutes');
  }

  async function startSession(repos: AccountServiceRepos, userId: string, now: Date): Promise<SessionGrant> {
    const token = newSecret(SESSION_TOKEN_PREFIX);
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const sessionId = newId('ses', now);
    await repos.accounts.insertSession({ id: sessionId, userId, createdAt: now, expiresAt, revokedAt: null }, hashSecret(token));
    return { token, expiresAt, sessionId };
  }

  return {
    /** Creates the account, its first store (the user owns it) and a session, all or nothing. */
    async signup(
      ctx: RequestContext,
      input: { email: string; password: string; name: string; storeName: string },
    ): Promise<{ user: User; store: Store; role: Role; session: SessionGrant }> {
      if (await repos.accounts.emailTaken(input.email)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      const user: User = { id: newId('usr', ctx.now), email: input.email.trim(), name: input.name, phone: null, createdAt: ctx.now, updatedAt: ctx.now, emailVerifiedAt: null };
      const store = newStore(input.storeName, ctx.now);
      try {
        return await repos.transaction(async (repos) => {
          await repos.accounts.insertUser(user, passwordHash);
          await repos.stores.insertStore(store);
          await repos.stores.insertMember(store.id, user.id, 'owner', ctx.now);
          const actor = { type: 'user' as const, id: user.id, label: user.email, userId: user.id };
          await repos.audit.insert(
            auditEntry({ ...ctx, actor }, store.id, 'live', { action: 'store.create', targetType: 'store', targetId: store.id, details: { name: store.name } }),
          );
          const session = await startSession(repos, user.id, ctx.now);
          return { user, store, role: 'owner' as const, session };
        });
      } catch (error) {
        if (isUniqueConflict(error, 'user_email')) throw emailTaken();
        throw error;
      }
    },

    /**
     * Signs in. A wrong email and a wrong password get the same answer in about the same time. Every attempt is
     * reserved against the sign-in limits before the password is verified (login-throttle.ts); past a limit the
     * answer is 429 with Retry-After and nothing is verified, so a locked account cannot be probed, even by a burst.
     */
    async login(
      ctx: RequestContext,
      input: { email: string; password: string; clientAddress: string },
    ): Promise<{ user: User; session: SessionGrant; stores: Array<{ store: Store; role: Role }> }> {
      const attempt = await throttle.reserve(input.email, input.clientAddress);
      const found = await repos.accounts.findUserForLogin(input.email);
      const ok = await verifyPassword(input.password, found?.passwordHash ?? (await dummyPasswordHash()));
      if (!found || !ok) throw new AppError('LOGIN_FAILED', 'The email or password is wrong.');
      await attempt.succeeded();
      const session = await startSession(repos, found.user.id, ctx.now);
      const stores = await repos.stores.listStoresOfUser(found.user.id);
      return { user: found.user, session, stores };
    },

    /**
     * Ends the caller's session at once, with every dashboard token issued from it; signing out with a dashboard token
     * ends its browser session too (and so every other token of it). Returns whether a browser session ended.
     */
    async logout(ctx: UserContext, sessionId: string): Promise<{ browserSessionEnded: boolean }> {
      requireSession(ctx, 'Signing out');
      const session = await repos.accounts.findSession(sessionId);
      const parentId = session?.parentId ?? null;
      await repos.accounts.revokeSession(parentId ?? sessionId, ctx.now);
      if (parentId !== null) await repos.accounts.revokeSession(sessionId, ctx.now);
      return { browserSessionEnded: parentId !== null };
    },

    /**
     * A short-lived session token for the dashboard, issued from the browser session (the HttpOnly cookie) it then
     * belongs to: it lives DASHBOARD_TOKEN_TTL_MS at most, never beyond that session, and ends with it (sign-out).
     * The dashboard keeps it in memory only, so no long-lived credential is ever readable by the page's scripts.
     */
    async issueDashboardToken(ctx: UserContext, browserSessionId: string): Promise<SessionGrant> {
      requireSession(ctx, 'Getting a dashboard token');
      const parent = await repos.accounts.findSession(browserSessionId);
      if (!parent || parent.revokedAt || parent.expiresAt <= ctx.now || parent.parentId) {
        throw new AppError('AUTH_REQUIRED', 'Sign in first: the dashboard needs the browser session that the sign-in page starts.');
      }
      const token = newSecret(SESSION_TOKEN_PREFIX);
      const expiresAt = new Date(Math.min(ctx.now.getTime() + DASHBOARD_TOKEN_TTL_MS, parent.expiresAt.getTime()));
      const sessionId = newId('ses', ctx.now);
      await repos.accounts.insertSession({ id: sessionId, userId: parent.userId, createdAt: ctx.now, expiresAt, revokedAt: null, parentId: parent.id }, hashSecret(token));
      return { token, expiresAt, sessionId };
    },

    /** The person behind the credential (an API key's creator). */
    async getProfile(ctx: UserContext): Promise<Profile> {
      const user = await repos.accounts.findUser(ctx.actor.userId!);
      if (!user) throw new AppError('AUTH_INVALID', 'The account behind this credential no longer exists.');
      return profileOf(repos, user, ctx.now);
    },

    /**
     * Changes the name and phone at once. A new email is not set here: it needs the current password (or a sign-in
     * within the last 5 minutes), and takes effect only when the link mailed to it is opened; then the old address
     * gets a notice with a link that undoes the change (domain/email/email-link-service.ts). Until then the profile
     * shows it as `pendingEmail`. `precondition` (If-Match) is checked against the current profile, with the user's
     * row locked. `sessionId`: the caller's session, for the recent sign-in.
     */
    async updateProfile(
      ctx: UserContext | StoreContext,
      patch: { email?: string; name?: string; phone?: string | null; currentPassword?: string },
      precondition?: Precondition<Profile>,
      options: { sessionId?: string } = {},
    ): Promise<Profile> {
      requireSession(ctx, 'Changing a profile');
      const userId = ctx.actor.userId!;
      const before = await repos.accounts.findUser(userId);
      if (!before) throw new AppError('AUTH_INVALID', 'The account behind this credential no longer exists.');
      const newEmail = patch.email?.trim();
      const changesEmail = newEmail !== undefined && newEmail.toLowerCase() !== before.email.toLowerCase();
      if (changesEmail) {
        await requireReauthentication(ctx, before, patch.currentPassword, options.sessionId);
        if (!mail) throw mailUnavailable('Changing your email');
        if (await repos.accounts.emailTaken(newEmail, userId)) throw emailTaken();
      }
      await repos.transaction(async (repos) => {
        const current = await repos.accounts.lockUser(userId);
        if (!current) throw new AppError('AUTH_INVALID', 'The account behind this credential no longer exists.');
        precondition?.(await profileOf(repos, current, ctx.now));
        const own = { ...(patch.name !== undefined ? { name: patch.name } : {}), ...(patch.phone !== undefined ? { phone: patch.phone } : {}) };
        // The same email in another case is a spelling change of the proven address: kept as typed.
        if (newEmail !== undefined && !changesEmail && newEmail !== current.email) Object.assign(own, { email: newEmail });
        if (Object.keys(own).length > 0) await repos.accounts.updateUser(userId, own, ctx.now);
        if (changesEmail && mail) {
          await mailLink(repos, mail, { purpose: 'account_email', to: newEmail, userId, params: { oldEmail: current.email }, now: ctx.now });
        }
      });
      return this.getProfile(ctx);
    },

    /** Mails the account's email a link that proves it is theirs (verified emails accept invitations by hand-passed tokens). */
    async requestEmailVerification(ctx: UserContext): Promise<{ email: string; alreadyVerified: boolean }> {
      requireSession(ctx, 'Verifying an email');
      const user = await repos.accounts.findUser(ctx.actor.userId!);
      if (!user) throw new AppError('AUTH_INVALID', 'The account behind this credential no longer exists.');
      if (user.emailVerifiedAt !== null) return { email: user.email, alreadyVerified: true };
      if (!mail) throw mailUnavailable('Verifying your email');
      await repos.transaction((repos) => mailLink(repos, mail, { purpose: 'email_verification', to: user.email, userId: user.id, params: {}, now: ctx.now }));
      return { email: user.email, alreadyVerified: false };
    },
  };
}

function emailTaken(): AppError {
  return new AppError('EMAIL_TAKEN', 'An account with this email already exists. Sign in instead, or use another email.', {
    details: [{ path: 'email', rule: 'must not belong to another account' }],
  });
}

export type AccountService = ReturnType<typeof createAccountService>;
