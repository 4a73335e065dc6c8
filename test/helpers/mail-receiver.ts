import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type Config, mailDefaults } from '../../src/config.ts';
import { TEST_BASE_URL } from './app.ts';
import { eventually } from './webhook-receiver.ts';

/** A message the SMTP server accepted, parsed by mailparser (nothing of ours parses it). */
export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: ParsedMail['headers'];
  raw: string;
}

export interface MailReceiver {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Answers the next `n` messages with `code` (e.g. 451: try later; 550: refused for good), then accepts again. */
  refuseNext(n: number, code: number): void;
  /** Refuses every message with `code` until `accept()`. */
  refuseAll(code: number): void;
  accept(): void;
  /** Mail to `address`, in arrival order. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on loopback (the `smtp-server` package), without TLS or authentication. */
export async function startMailReceiver(): Promise<MailReceiver> {
  const received: ReceivedMail[] = [];
  let refuse: { left: number; code: number } | null = null;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse && refuse.left > 0) {
          refuse.left -= 1;
          const err = Object.assign(new Error(refuse.code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: refuse.code });
          if (refuse.left === 0) refuse = null;
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((mail) => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address).join(','),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              messageId: mail.messageId ?? '',
              headers: mail.headers,
              raw: raw.toString('utf8'),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  // A client that dies mid-connection (a sender killed with -9) resets its socket: that is the client's business.
  server.on('error', (error: Error & { code?: string }) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(n, code) {
      refuse = { left: n, code };
    },
    refuseAll(code) {
      refuse = { left: Number.POSITIVE_INFINITY, code };
    },
    accept() {
      refuse = null;
    },
    to(address) {
      return received.filter((m) => m.to.toLowerCase() === address.toLowerCase());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Test mail settings: SMTP to `receiver`, fast polls and retries. */
export function mailConfig(receiver: Pick<MailReceiver, 'url'>, overrides: Partial<NonNullable<Config['mail']>> = {}): NonNullable<Config['mail']> {
  return {
    ...mailDefaults(TEST_BASE_URL, '/tmp'),
    smtpUrl: receiver.url,
    from: 'Shop <no-reply@shop.example>',
    retryScheduleSeconds: [0.15, 0.15, 0.15],
    pollMs: 50,
    timeoutMs: 3000,
    ...overrides,
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: Pick<ReceivedMail, 'text'>, prefix: string): string {
  const found = mail.text.split(/\s+/).find((w) => w.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return found;
}

/**
 * Opens the mailed link of the `n`th message to `address` as a person would: the page it leads to, then its button
 * (a POST of the token). Answers the confirmation page's HTML.
 */
export async function openMailedLink(app: FastifyInstance, receiver: Pick<MailReceiver, 'to'>, address: string, n = 1): Promise<string> {
  const mails = await eventually(() => receiver.to(address).length >= n && receiver.to(address), 10_000, `${n} mail(s) to ${address}`);
  const link = linkIn(mails[n - 1]!, `${TEST_BASE_URL}/email-links/confirm?token=`);
  const url = new URL(link);
  const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  if (page.statusCode !== 200) throw new Error(`the link's page answered ${page.statusCode}: ${page.body}`);
  const done = await app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: url.searchParams.get('token')! }).toString(),
  });
  if (done.statusCode !== 200) throw new Error(`confirming the link answered ${done.statusCode}: ${done.body}`);
  return done.body;
}

/** Sets the store's notification address and confirms it from the mail it gets, as the merchant would. */
export async function setNotificationEmail(
  app: FastifyInstance,
  receiver: Pick<MailReceiver, 'to'>,
  headers: Record<string, string>,
  address: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const before = receiver.to(address).length;
  const res = await app.inject({ method: 'PATCH', url: '/v1/settings', headers, payload: { notificationEmail: address, ...extra } });
  if (res.statusCode !== 200) throw new Error(`PATCH /v1/settings answered ${res.statusCode}: ${res.body}`);
  await openMailedLink(app, receiver, address, before + 1);
}
