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

/** The repositories account-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface AccountServiceRepos {
  accounts: Pick<AccountRepo, 'emailTaken' | 'findSession' | 'findUser' | 'findUserForLogin' | 'insertSession' | 'insertUser' | 'lockUser' | 'revokeSession' | 'updateUser'>;
  audit: Pick<AuditRepo, 'insert'>;
  stores: Pick<StoreRepo, 'insertMember' | 'insertStore' | 'listStoresOfUser'>;
}

/** Sessions last a week; signing in again starts a new one. */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
/** A dashboard token lives 15 minutes (never beyond its browser session); the dashboard renews it before then. */
export const DASHBOARD_TOKEN_TTL_MS = 15 * 60 * 1000;
export const SESSION_TOKEN_PREFIX = 'cs_sess_';


export interface SessionGrant {
  token: string;
  expiresAt: Date;
  sessionId: string;
}

export function createAccountService(deps: { repos: Transactional<AccountServiceRepos>; rateLimiter: RateLimiter }) {
  const { repos } = deps;
  const throttle = createLoginThrottle(deps.rateLimiter);

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
      const user: User = { id: newId('usr', ctx.now), email: input.email.trim(), name: input.name, phone: null, createdAt: ctx.now, updatedAt: ctx.now };
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
    async getProfile(ctx: UserContext): Promise<User> {
      const user = await repos.accounts.findUser(ctx.actor.userId!);
      if (!user) throw new AppError('AUTH_INVALID', 'The account behind this credential no longer exists.');
      return user;
    },

    /** `precondition` (If-Match) is checked against the current profile, with the user's row locked. */
    async updateProfile(ctx: UserContext | StoreContext, patch: { email?: string; name?: string; phone?: string | null }, precondition?: Precondition<User>): Promise<User> {
      requireSession(ctx, 'Changing a profile');
      const userId = ctx.actor.userId!;
      try {
        await repos.transaction(async (repos) => {
          const current = await repos.accounts.lockUser(userId);
          if (!current) throw new AppError('AUTH_INVALID', 'The account behind this credential no longer exists.');
          precondition?.(current);
          if (patch.email !== undefined && (await repos.accounts.emailTaken(patch.email, userId))) throw emailTaken();
          await repos.accounts.updateUser(userId, { ...patch, ...(patch.email ? { email: patch.email.trim() } : {}) }, ctx.now);
        });
      } catch (error) {
        if (isUniqueConflict(error, 'user_email')) throw emailTaken();
        throw error;
      }
      return this.getProfile(ctx);
    },
  };
}

function emailTaken(): AppError {
  return new AppError('EMAIL_TAKEN', 'An account with this email already exists. Sign in instead, or use another email.', {
    details: [{ path: 'email', rule: 'must not belong to another account' }],
  });
}

export type AccountService = ReturnType<typeof createAccountService>;
