import { randomBytes } from 'node:crypto';
import { createClaimLoop, nextAttemptAt } from '../shared/claim-loop.ts';
import { hashSecret, newSecret } from '../shared/secrets.ts';
import type { EmailRepo, MailTransport, RenderEmail } from './ports.ts';
import { EMAIL_LINK_PATH, EMAIL_LINK_TOKEN_PREFIX } from './email-link-service.ts';
import { ORDER_STATUS_TOKEN_PREFIX } from '../orders/order-types.ts';
import { EMAIL_LINK_KINDS, type ClaimedEmail, type EmailKind, type EmailParams, type EmailStatus } from './types.ts';

/** The kinds of mail that carry a link proving an address (email_links). */
const LINK_KINDS: ReadonlySet<EmailKind> = new Set(Object.values(EMAIL_LINK_KINDS));

/** A password-reset link works for 30 minutes after its mail is sent (docs/email.md). */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
/** A reset request not sent within an hour is dropped: its link would arrive long after the person gave up. */
export const RESET_SEND_WINDOW_MS = 60 * 60 * 1000;
export const RESET_TOKEN_PREFIX = 'cs_pwr_';
export const INVITATION_TOKEN_PREFIX = 'cs_inv_';

/** Retries of a message the SMTP server refused for now, or could not be reached for: about 9 hours in all. */
export const DEFAULT_MAIL_RETRY_SCHEDULE_SECONDS = [30, 120, 600, 1800, 7200, 21_600] as const;

export interface MailSenderOptions {
  retryScheduleSeconds: readonly number[];
  /** Messages in flight in this instance. */
  concurrency: number;
  /** The transport's time bound; a lease outlives it, so a message is never sent by two senders at once. */
  timeoutMs: number;
  pollMs: number;
  /** The sender address (MAIL_FROM). */
  from: string;
  /** The service's public origin (BASE_URL): links in mail are built on it. */
  baseUrl: string;
}

type Outcome = { status: EmailStatus; nextAttemptAt: Date | null; error: string | null; attempted: boolean };

/**
 * Delivers the mail outbox (docs/email.md, "Delivery"). Each instance runs one sender; senders share the work through
 * leases (claimed with FOR UPDATE SKIP LOCKED on PostgreSQL), so under normal operation a message is sent by one
 * sender, once. A lease outlives the transport's time bound, so a sender that dies mid-send leaves a message another
 * sender (or this one, restarted) sends when the lease ends.
 *
 * Secrets are minted at the moment of sending and only their hashes are stored: a password-reset message finds its
 * account then (none: dropped, and nothing tells the requester) and gets a fresh token; an invitation's mail gets a
 * fresh token (the one in an earlier mail of it stops working); a mail that proves an address (a new notification
 * address, a new account email, its undo link, a verification) gets its link's token.
 */
export function createMailSender(deps: {
  repos: Pick<EmailRepo, 'claimDueAcrossStores' | 'recordAcrossStores' | 'findUserIdByEmail' | 'saveResetToken' | 'saveInvitationMailToken' | 'saveLinkToken' | 'saveOrderStatusToken'>;
  transport: MailTransport;
  render: RenderEmail;
  options: MailSenderOptions;
  clock?: () => Date;
  log: { error(obj: object, msg: string): void; info?(obj: object, msg: string): void };
}) {
  const { repos, transport, render, options, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const holder = `mailer-${randomBytes(8).toString('hex')}`;
  const leaseMs = options.timeoutMs * 2 + 5000;
  const dropped = (error: string): Outcome => ({ status: 'dropped', nextAttemptAt: null, error, attempted: false });

  /** The link a message carries, minted now; or the reason there is nothing to send. */
  async function linkOf(message: ClaimedEmail, now: Date): Promise<{ link?: string } | { drop: string }> {
    if (message.kind === 'password_reset') {
      if (now.getTime() - message.createdAt.getTime() > RESET_SEND_WINDOW_MS) return { drop: 'The reset request is over an hour old: its link would arrive too late.' };
      const userId = await repos.findUserIdByEmail(message.to);
      if (userId === undefined) return { drop: 'No account has this email.' };
      const token = newSecret(RESET_TOKEN_PREFIX);
      await repos.saveResetToken({ id: message.id, userId, tokenHash: hashSecret(token), createdAt: now, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) });
      return { link: `${options.baseUrl}/password-reset/new?token=${encodeURIComponent(token)}` };
    }
    if (message.kind === 'invitation') {
      const token = newSecret(INVITATION_TOKEN_PREFIX);
      if (!(await repos.saveInvitationMailToken(String(message.params.invitationId), hashSecret(token), now))) {
        return { drop: 'The invitation was accepted, revoked or expired before its mail was sent.' };
      }
      return { link: `${options.baseUrl}/dashboard/invitations/accept?token=${encodeURIComponent(token)}` };
    }
    if (message.kind === 'order_confirmation') {
      // The order status page's token (docs/checkout.md): minted now, one per mail, kept as its hash only.
      const token = newSecret(ORDER_STATUS_TOKEN_PREFIX);
      if (!(await repos.saveOrderStatusToken(message.storeId ?? '', message.mode ?? '', String(message.params.orderId), hashSecret(token), now))) return { drop: 'The order is gone.' };
      return { link: `${options.baseUrl}/orders/${token}` };
    }
    if (LINK_KINDS.has(message.kind)) {
      const token = newSecret(EMAIL_LINK_TOKEN_PREFIX);
      if (!(await repos.saveLinkToken(message.id, hashSecret(token), now))) {
        return { drop: 'The link was used, replaced by a newer request, or expired before its mail was sent.' };
      }
      return { link: `${options.baseUrl}${EMAIL_LINK_PATH}?token=${encodeURIComponent(token)}` };
    }
    return {};
  }

  async function deliver(message: ClaimedEmail): Promise<void> {
    const at = clock();
    let outcome: Outcome;
    const prepared = await linkOf(message, at);
    if ('drop' in prepared) {
      outcome = dropped(prepared.drop);
    } else {
      const params: EmailParams = { ...message.params, ...(prepared.link ? { link: prepared.link } : {}) };
      const rendered = render(message.kind, params);
      const result = await transport.send({ id: message.id, to: message.to, from: options.from, ...rendered });
      const done = clock();
      if (result.kind === 'sent') outcome = { status: 'sent', nextAttemptAt: null, error: null, attempted: true };
      else if (result.kind === 'refused') outcome = { status: 'failed', nextAttemptAt: null, error: result.error, attempted: true };
      else {
        const next = nextAttemptAt(message.attempts + 1, done, options.retryScheduleSeconds);
        outcome = { status: next ? 'pending' : 'failed', nextAttemptAt: next, error: result.error, attempted: true };
      }
    }
    if (!(await repos.recordAcrossStores(message.id, holder, { ...outcome, error: outcome.error?.slice(0, 1000) ?? null }, clock()))) {
      log.error({ messageId: message.id }, 'mail sent after its lease ended: another sender may send it again');
    }
  }

  const loop = createClaimLoop<ClaimedEmail>({
    concurrency: options.concurrency,
    pollMs: options.pollMs,
    stopWaitMs: options.timeoutMs,
    async claim(free) {
      const items = await repos.claimDueAcrossStores(clock(), holder, leaseMs, free);
      return { items, more: items.length === free };
    },
    run: deliver,
    runFailed: (error, message) => log.error({ err: error, messageId: message.id }, 'mail could not be sent or recorded; it is tried again when its lease ends'),
    claimFailed: (error) => log.error({ err: error }, 'mail could not be claimed; trying again at the next poll'),
  });

  return {
    holder,
    /** Starts polling (and claiming at once). */
    start: loop.start,
    /** A commit queued mail: look now rather than at the next poll. */
    notify: loop.notify,
    /** Stops claiming and waits (at most `waitMs`, by default the transport's bound) for messages in flight; an unfinished one is sent again later. */
    stop: loop.stop,
    get inFlight(): number {
      return loop.inFlight;
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;
