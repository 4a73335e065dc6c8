import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MailTransport } from '../domain/email/ports.ts';
import type { SendResult } from '../domain/email/types.ts';
import { mailComposerModule, nodemailerModule } from './lazy-modules.ts';

/** Headers every message carries: a Message-ID made of the message's id (a receiver can tell a resend), and the marks of automatic mail. */
function headersOf(id: string, domain: string) {
  return {
    messageId: `<${id}@${domain}>`,
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
  };
}

/** An SMTP error as nodemailer reports it: `responseCode` is the server's answer, when it gave one. */
interface SmtpError {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
}

/**
 * How a failed send is classified: a 5xx answer about the message or its recipient is final (the address does not
 * exist, the message is refused); everything else (4xx, no connection, a time-out, refused credentials, which the
 * operator can fix) is tried again on the retry schedule.
 */
export function classifySmtpError(error: unknown): SendResult {
  const e = (error ?? {}) as SmtpError;
  const text = (e.response ?? e.message ?? String(error)).slice(0, 1000);
  const code = e.responseCode;
  if (code !== undefined && code >= 500 && code < 600 && e.code !== 'EAUTH') return { kind: 'refused', error: `SMTP ${code}: ${text}` };
  return { kind: 'retry', error: code !== undefined ? `SMTP ${code}: ${text}` : `${e.code ? `${e.code}: ` : ''}${text}` };
}

export interface SmtpOptions {
  /** SMTP_URL: smtp://[user:password@]host[:port] (STARTTLS when offered) or smtps://… (TLS from the start). */
  url: string;
  /** SMTP_REQUIRE_TLS: refuse to send over smtp:// unless the server upgrades with STARTTLS. */
  requireTls: boolean;
  /** The time bound of each step (connection, greeting, every answer). */
  timeoutMs: number;
  /** Where Message-IDs are made (the host of BASE_URL). */
  domain: string;
}

/** Sends over SMTP through nodemailer, on a small pool of connections. */
export function createSmtpTransport(options: SmtpOptions): MailTransport {
  const parsed = new URL(options.url);
  const transporter = nodemailerModule().createTransport({
    url: options.url,
    pool: true,
    maxConnections: 4,
    requireTLS: options.requireTls && parsed.protocol === 'smtp:',
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    description: `${parsed.protocol}//${parsed.host}`,
    async send(message) {
      try {
        const info = await transporter.sendMail({
          from: message.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...headersOf(message.id, options.domain),
        });
        if (info.rejected.length > 0) return { kind: 'refused', error: `The SMTP server refused the recipient: ${String(info.response ?? '').slice(0, 900)}` };
        return { kind: 'sent', response: String(info.response ?? '') };
      } catch (error) {
        return classifySmtpError(error);
      }
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Development without SMTP: every message is written to a folder (the local outbox) as a `.eml` file any mail program
 * opens, beside a `.txt` file with its recipient, subject and plain text (where the links can be copied from), and
 * the path is printed.
 */
export function createFolderTransport(options: { dir: string; domain: string; print: (line: string) => void }): MailTransport {
  return {
    description: `the local outbox ${options.dir}`,
    async send(message) {
      try {
        // Built by nodemailer's MailComposer, loaded on the first mail (a service that sends none never loads it),
        // with Bcc kept and Unix line breaks, as its stream transport would write it.
        const MailComposer = mailComposerModule();
        const mime = new MailComposer({ from: message.from, to: message.to, subject: message.subject, text: message.text, html: message.html, ...headersOf(message.id, options.domain) }).compile();
        mime.keepBcc = true;
        const built = await new Promise<Buffer>((resolve, reject) => mime.build((error, eml) => (error ? reject(error) : resolve(eml))));
        const eml = Buffer.from(built.toString('latin1').replace(/\r\n/g, '\n'), 'latin1');
        mkdirSync(options.dir, { recursive: true });
        const base = path.join(options.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.id}`);
        writeFileSync(`${base}.eml`, eml);
        writeFileSync(`${base}.txt`, `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}`);
        options.print(`mail to ${message.to} ("${message.subject}") is in the local outbox: ${base}.txt`);
        return { kind: 'sent', response: `written to ${base}.eml` };
      } catch (error) {
        return { kind: 'retry', error: `The local outbox could not be written: ${(error as Error).message}` };
      }
    },
    close() {},
  };
}
