import type { Tenant } from '../../context.ts';
import type { ClaimedEmail, EmailKind, EmailLink, EmailLinkPurpose, EmailMessage, EmailStatus, NewEmailMessage, RenderedEmail, SendResult } from './types.ts';

/** Whose links: one account's, or one store's in one mode. */
export type EmailLinkScope = { purpose: EmailLinkPurpose; userId: string } | { purpose: EmailLinkPurpose; storeId: string; mode: Tenant['mode'] };

/** The mail outbox and the records mail links point at (src/db/email-repo.ts implements it). */
export interface EmailRepo {
  /** Queues messages; one whose cause already has a message is skipped. Runs `afterCommit` hooks as the webhooks do. */
  insertMessages(messages: NewEmailMessage[]): Promise<void>;
  /** Runs `fn` once the transaction commits (never after a rollback); at once outside a transaction. */
  afterCommit(fn: () => void): void;
  /** A store's recent messages: its own in `tenant.mode` and its store-wide ones (invitations), newest first. */
  list(tenant: Tenant, query: { limit: number; after?: string | undefined; status?: EmailStatus | undefined; kind?: EmailKind | undefined }): Promise<EmailMessage[]>;
  /** Leases up to `limit` due messages for `holder` (FOR UPDATE SKIP LOCKED on PostgreSQL). */
  claimDueAcrossStores(now: Date, holder: string, leaseMs: number, limit: number): Promise<ClaimedEmail[]>;
  /** Records how a send went, only while `holder` still holds the lease; false when it lost it. */
  recordAcrossStores(id: string, holder: string, outcome: { status: EmailStatus; nextAttemptAt: Date | null; error: string | null; attempted: boolean }, now: Date): Promise<boolean>;
  /**
   * Stores the hash of a token of the order status page an order confirmation carries (docs/checkout.md); false when
   * the order is gone.
   */
  saveOrderStatusToken(storeId: string, mode: string, orderId: string, tokenHash: string, now: Date): Promise<boolean>;
  /** Mints the link token of a password-reset message: the account with this email, or undefined (none). */
  findUserIdByEmail(email: string): Promise<string | undefined>;
  /** Stores (replacing) the hash of the token a reset message carries. */
  saveResetToken(reset: { id: string; userId: string; tokenHash: string; createdAt: Date; expiresAt: Date }): Promise<void>;
  /** The live reset with this token hash (unused, unexpired), its row locked until the transaction ends. */
  findLiveReset(tokenHash: string, now: Date): Promise<{ id: string; userId: string } | undefined>;
  /** Marks every unused reset of the user used (the one just used, and any other mailed before it). */
  useResets(userId: string, now: Date): Promise<void>;
  /** Sets the hash of the token in an open invitation's mail; false when the invitation is no longer open. */
  saveInvitationMailToken(invitationId: string, tokenHash: string, now: Date): Promise<boolean>;
  /** Whether the token is the one in the invitation's latest mail (not the one shown to the inviter). */
  isInvitationMailToken(invitationId: string, tokenHash: string): Promise<boolean>;

  // Mailed links (email_links): a link's id is the id of the message that carries it.
  insertLink(link: EmailLink): Promise<void>;
  /** Ends every open link of the purpose for this user, or for this store and mode: a newer request replaces them. */
  endOpenLinks(scope: EmailLinkScope, now: Date): Promise<void>;
  /** The newest open (unused, unexpired) link of the purpose for this user, or for this store and mode. */
  findOpenLink(scope: EmailLinkScope, now: Date): Promise<EmailLink | undefined>;
  /** Sets the hash of the token the link's mail carries; false when the link was used, replaced or expired. */
  saveLinkToken(id: string, tokenHash: string, now: Date): Promise<boolean>;
  /** The open link with this token hash, its row locked until the transaction ends. */
  findLiveLink(tokenHash: string, now: Date): Promise<EmailLink | undefined>;
  useLink(id: string, now: Date): Promise<void>;
}

/** Sends a rendered message (src/outbound/mail-transport.ts: SMTP, or the local outbox in development). */
export interface MailTransport {
  /** Where messages go, for the start-up line: "smtp://host:port" or the outbox folder. */
  readonly description: string;
  send(message: { id: string; to: string; from: string } & RenderedEmail): Promise<SendResult>;
  close(): void;
}

/** Renders a message from its kind and params (src/mail/templates.ts). */
export type RenderEmail = (kind: EmailKind, params: Record<string, string | number | null>) => RenderedEmail;
