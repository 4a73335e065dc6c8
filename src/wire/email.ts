import { z } from 'zod';
import { EMAIL_KINDS, type EmailMessage } from '../domain/email/types.ts';
import { WireTimestamp, wireTimestamp } from './envelope.ts';

export const EmailStatusSchema = z.enum(['pending', 'sent', 'failed', 'dropped']);
export const EmailKindSchema = z.enum(EMAIL_KINDS);

export const EmailRecord = z
  .object({
    id: z.string(),
    kind: EmailKindSchema.describe('invitation, or a store notification: order_created, order_paid, low_stock, app_connected, app_disconnected'),
    to: z.string(),
    subject: z.string(),
    status: EmailStatusSchema.describe(
      'pending: not sent yet (or retried); sent: the SMTP server accepted it; failed: refused for good or every retry used; dropped: nothing to send any more (e.g. the invitation was accepted first)',
    ),
    attempts: z.number().int(),
    nextAttemptAt: WireTimestamp.nullable().describe('when it is tried (again), while pending'),
    lastError: z.string().nullable().describe("the SMTP server's last refusal or the connection error, or why it was dropped"),
    mode: z.enum(['live', 'test']).nullable().describe('null for mail of the whole store (invitations)'),
    createdAt: WireTimestamp,
    sentAt: WireTimestamp.nullable(),
  })
  .meta({ id: 'Email' });

export function toEmailRecord(m: EmailMessage): z.input<typeof EmailRecord> {
  return {
    id: m.id,
    kind: m.kind,
    to: m.to,
    subject: m.subject,
    status: m.status,
    attempts: m.attempts,
    nextAttemptAt: m.status === 'pending' && m.nextAttemptAt ? wireTimestamp(m.nextAttemptAt) : null,
    lastError: m.lastError,
    mode: m.mode,
    createdAt: wireTimestamp(m.createdAt),
    sentAt: m.sentAt === null ? null : wireTimestamp(m.sentAt),
  };
}
