import type { StoreContext, UserContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { AccountRepo, StoreRepo } from './ports.ts';
import type { Transactional } from '../shared/transactional.ts';
import { requirePermission, requireSession } from '../shared/access.ts';
import { auditEntry, recordAudit } from '../shared/audit-trail.ts';
import { refuseAppToken, requireCanActOnMember, requireCanGrantRole } from './credential-bounds.ts';
import { newId } from '../shared/ids.ts';
import { effectivePermissions, expandPermissions, ROLE_PERMISSIONS, type Role } from '../shared/permissions.ts';
import { hashSecret, newSecret } from '../shared/secrets.ts';
import type { Invitation, Member, Membership } from './types.ts';
import type { EmailRepo, RenderEmail } from '../email/ports.ts';
import type { MailFeature } from '../email/types.ts';

/** What sending invitations by mail needs (MAIL_FEATURES invitations). */
export interface InvitationMail {
  features: ReadonlySet<MailFeature>;
  render: RenderEmail;
  /** Wakes the mail sender after the commit. */
  notify: () => void;
}

/** The repositories member-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface MemberServiceRepos {
  accounts: Pick<AccountRepo, 'findUser' | 'findUserForLogin' | 'markEmailVerified'>;
  audit: Pick<AuditRepo, 'insert'>;
  email: Pick<EmailRepo, 'insertMessages' | 'afterCommit' | 'isInvitationMailToken'>;
  stores: Pick<StoreRepo, 'findStore' | 'renewInvitation' | 'countOwnersForUpdate' | 'deleteMember' | 'findMembership' | 'findOpenInvitationByToken' | 'insertInvitation' | 'insertMember' | 'listMembers' | 'listOpenInvitations' | 'markInvitationAccepted' | 'revokeInvitation' | 'updateMemberRole'>;
}

/** Whether a member with role `sender` may give `role`: they manage members and hold every permission of it. */
function roleWithin(role: Role, sender: Role): boolean {
  const held = effectivePermissions(sender, null);
  if (!held.has('settings:write')) return false;
  if (role === 'owner') return sender === 'owner';
  return [...expandPermissions(ROLE_PERMISSIONS[role])].every((p) => held.has(p));
}

/** Invitations are valid for 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

/**
 * Members of the active store and their roles. Inviting, changing roles and removing need settings:write (owners);
 * listing needs settings:read. A store always keeps at least one owner. Every change is bounded by the caller's
 * effective permissions (credential-bounds.ts): no role beyond them is given, nobody stronger is acted on, owners
 * only by a signed-in owner, and never by a connected app.
 */
export function createMemberService(deps: { repos: Transactional<MemberServiceRepos>; mail?: InvitationMail | undefined }) {
  const { repos } = deps;
  const mailing = deps.mail?.features.has('invitations') ?? false;
  /** Whether accounts can prove their email (account mail is on): then a hand-passed token needs a verified one. */
  const verifying = deps.mail?.features.has('password-reset') ?? false;

  /**
   * Queues the invitation's mail in the caller's transaction (one per sending: `sending` counts them). The link's
   * token is minted when the mail is sent (domain/email/mail-sender.ts), so none is stored.
   */
  async function queueInvitationMail(repos: MemberServiceRepos, ctx: StoreContext, invitation: Invitation, sending: string): Promise<void> {
    if (!mailing || !deps.mail) return;
    const [store, inviter] = await Promise.all([repos.stores.findStore(invitation.storeId), repos.accounts.findUser(ctx.actor.userId!)]);
    const params = {
      invitationId: invitation.id,
      storeName: store?.name ?? '',
      inviterName: inviter?.name ?? '',
      inviterEmail: inviter?.email ?? '',
      email: invitation.email,
      role: invitation.role,
      expiresAt: `${invitation.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    };
    const id = newId('eml', ctx.now);
    await repos.email.insertMessages([
      { id, storeId: invitation.storeId, mode: null, kind: 'invitation', cause: `invitation:${invitation.id}:${sending}`, to: invitation.email, subject: deps.mail.render('invitation', params).subject, params, createdAt: ctx.now },
    ]);
    repos.email.afterCommit(deps.mail.notify);
  }

  async function requireMember(repos: MemberServiceRepos, ctx: StoreContext, userId: string): Promise<Membership> {
    const member = await repos.stores.findMembership(ctx.tenant.storeId, userId);
    if (!member) throw new AppError('MEMBER_NOT_FOUND', `No member of this store has the user id "${userId}".`);
    return member;
  }

  function lastOwner(): AppError {
    return new AppError('LAST_OWNER', 'This would leave the store without an owner. Make another member an owner first.');
  }

  return {
    async list(ctx: StoreContext): Promise<Member[]> {
      requirePermission(ctx, 'settings:read');
      return repos.stores.listMembers(ctx.tenant.storeId);
    },

    /**
     * Invites someone by email: the invitation mail goes out with its own link (MAIL_FEATURES invitations), and the
     * token is also returned once, for the inviter to pass on themselves.
     */
    async invite(ctx: StoreContext, input: { email: string; role: Role }): Promise<{ invitation: Invitation; token: string; emailed: boolean }> {
      requirePermission(ctx, 'settings:write');
      refuseAppToken(ctx, 'Inviting a member');
      requireCanGrantRole(ctx, input.role);
      const existing = await repos.accounts.findUserForLogin(input.email);
      if (existing && (await repos.stores.findMembership(ctx.tenant.storeId, existing.user.id))) {
        throw new AppError('ALREADY_MEMBER', `${input.email} is already a member of this store. Change their role instead.`);
      }
      const token = newSecret('cs_inv_');
      const invitation: Invitation = {
        id: newId('inv', ctx.now),
        storeId: ctx.tenant.storeId,
        email: input.email.trim(),
        role: input.role,
        invitedBy: ctx.actor.userId!,
        createdAt: ctx.now,
        expiresAt: new Date(ctx.now.getTime() + INVITATION_TTL_MS),
        acceptedAt: null,
        revokedAt: null,
      };
      await repos.transaction(async (repos) => {
        await repos.stores.insertInvitation(invitation, hashSecret(token));
        await recordAudit(repos, ctx, { action: 'member.invite', targetType: 'invitation', targetId: invitation.id, details: { email: invitation.email, role: invitation.role } });
        await queueInvitationMail(repos, ctx, invitation, '0');
      });
      return { invitation, token, emailed: mailing };
    },

    /**
     * Sends an open invitation's mail again, with a new link (the one in an earlier mail stops working; the token the
     * inviter was shown keeps working), and gives it another INVITATION_TTL_MS from now.
     */
    async resendInvitation(ctx: StoreContext, invitationId: string): Promise<Invitation> {
      requirePermission(ctx, 'settings:write');
      refuseAppToken(ctx, 'Resending an invitation');
      if (!mailing) throw new AppError('MAIL_UNAVAILABLE', 'This service sends no invitation mail (MAIL_FEATURES): pass the invitation link on yourself.');
      return repos.transaction(async (repos) => {
        const open = (await repos.stores.listOpenInvitations(ctx.tenant.storeId)).find((i) => i.id === invitationId);
        if (!open) throw new AppError('INVITATION_NOT_FOUND', `No open invitation "${invitationId}" in this store.`);
        requireCanGrantRole(ctx, open.role);
        const expiresAt = new Date(ctx.now.getTime() + INVITATION_TTL_MS);
        await repos.stores.renewInvitation(ctx.tenant.storeId, invitationId, expiresAt);
        const renewed = { ...open, expiresAt };
        await recordAudit(repos, ctx, { action: 'member.invitation_resend', targetType: 'invitation', targetId: invitationId, details: { email: open.email } });
        await queueInvitationMail(repos, ctx, renewed, ctx.now.toISOString());
        return renewed;
      });
    },

    async listInvitations(ctx: StoreContext): Promise<Invitation[]> {
      requirePermission(ctx, 'settings:read');
      return repos.stores.listOpenInvitations(ctx.tenant.storeId);
    },

    async revokeInvitation(ctx: StoreContext, invitationId: string): Promise<void> {
      requirePermission(ctx, 'settings:write');
      await repos.transaction(async (repos) => {
        if (!(await repos.stores.revokeInvitation(ctx.tenant.storeId, invitationId, ctx.now))) {
          throw new AppError('INVITATION_NOT_FOUND', `No open invitation "${invitationId}" in this store.`);
        }
        await recordAudit(repos, ctx, { action: 'member.invitation_revoke', targetType: 'invitation', targetId: invitationId });
      });
    },

    /**
     * The signed-in merchant accepts an invitation made out to their email, which must be proven: the token of the
     * invitation's own mail proves it by itself (it reached that address, and the email is marked verified); a token
     * passed on by hand (the one the inviter was shown) needs an account whose email is already verified. Where the
     * service sends no account mail (MAIL_FEATURES without password-reset) no email can be verified, and the invited
     * email alone decides, as before.
     */
    async accept(ctx: UserContext, token: string): Promise<{ membership: Membership }> {
      requireSession(ctx, 'Accepting an invitation');
      const tokenHash = hashSecret(token);
      const invitation = await repos.stores.findOpenInvitationByToken(tokenHash);
      if (!invitation) throw new AppError('INVITATION_NOT_FOUND', 'This invitation is not valid: it may have been used or revoked.');
      if (invitation.expiresAt <= ctx.now) throw new AppError('INVITATION_EXPIRED', 'This invitation has expired. Ask the store owner for a new one.');
      const user = await repos.accounts.findUser(ctx.actor.userId!);
      if (!user || user.email.toLowerCase() !== invitation.email.toLowerCase()) {
        throw new AppError('INVITATION_EMAIL_MISMATCH', 'This invitation was made out to another email. Sign in with the invited email.');
      }
      const fromItsMail = await repos.email.isInvitationMailToken(invitation.id, tokenHash);
      if (!fromItsMail && user.emailVerifiedAt === null && verifying) {
        throw new AppError(
          'EMAIL_NOT_VERIFIED',
          `Your email ${user.email} is not verified yet. Open the invitation from the mail it came in, or verify your email first (we mail you a link) and accept again.`,
        );
      }
      if (await repos.stores.findMembership(invitation.storeId, user.id)) {
        throw new AppError('ALREADY_MEMBER', 'You are already a member of this store.');
      }
      await repos.transaction(async (repos) => {
        // An invitation is worth what its sender may still give: one whose sender left or was demoted is withdrawn.
        const sender = await repos.stores.findMembership(invitation.storeId, invitation.invitedBy);
        if (!sender || !roleWithin(invitation.role, sender.role)) {
          throw new AppError('INVITATION_WITHDRAWN', 'This invitation no longer holds: the member who sent it can no longer give this role. Ask a store owner for a new one.');
        }
        if (!(await repos.stores.markInvitationAccepted(invitation.storeId, invitation.id, ctx.now))) {
          throw new AppError('INVITATION_NOT_FOUND', 'This invitation has just been used or revoked.');
        }
        await repos.stores.insertMember(invitation.storeId, user.id, invitation.role, ctx.now);
        if (fromItsMail && user.emailVerifiedAt === null) await repos.accounts.markEmailVerified(user.id, invitation.email, ctx.now);
        await repos.audit.insert(
          auditEntry(ctx, invitation.storeId, 'live', { action: 'member.join', targetType: 'user', targetId: user.id, details: { role: invitation.role } }),
        );
      });
      return { membership: { storeId: invitation.storeId, userId: user.id, role: invitation.role, createdAt: ctx.now, updatedAt: ctx.now } };
    },

    async changeRole(ctx: StoreContext, userId: string, role: Role): Promise<Membership> {
      requirePermission(ctx, 'settings:write');
      refuseAppToken(ctx, "Changing a member's role");
      requireCanGrantRole(ctx, role);
      return repos.transaction(async (repos) => {
        const member = await requireMember(repos, ctx, userId);
        requireCanActOnMember(ctx, member.role);
        if (member.role === 'owner' && role !== 'owner' && (await repos.stores.countOwnersForUpdate(ctx.tenant.storeId)) <= 1) throw lastOwner();
        await repos.stores.updateMemberRole(ctx.tenant.storeId, userId, role, ctx.now);
        await recordAudit(repos, ctx, { action: 'member.role_change', targetType: 'user', targetId: userId, details: { from: member.role, to: role } });
        return { ...member, role, updatedAt: ctx.now };
      });
    },

    async remove(ctx: StoreContext, userId: string): Promise<void> {
      requirePermission(ctx, 'settings:write');
      refuseAppToken(ctx, 'Removing a member');
      await repos.transaction(async (repos) => {
        const member = await requireMember(repos, ctx, userId);
        requireCanActOnMember(ctx, member.role);
        if (member.role === 'owner' && (await repos.stores.countOwnersForUpdate(ctx.tenant.storeId)) <= 1) throw lastOwner();
        await repos.stores.deleteMember(ctx.tenant.storeId, userId);
        await recordAudit(repos, ctx, { action: 'member.remove', targetType: 'user', targetId: userId, details: { role: member.role } });
      });
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
