import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

/** A rendered e-mail: the auth module's link e-mails and the queued e-mails of the send_email job alike. */
export interface EmailMessage {
  /** What it is ('signup', 'workspace_invitation', …): named in the outbox file. */
  kind: string;
  /** One plain address. */
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The message's link, logged so a developer can follow it without opening the outbox. */
  link: string;
  /** The 6-digit code of auth e-mails (kept in the outbox, never logged). */
  otp?: string;
  /**
   * A queued e-mail's own identity (its queue row): its outbox file and SMTP Message-ID stay the same on every
   * attempt, so an attempt repeated after a crash overwrites the file and a receiver can tell the copies apart.
   */
  queued?: { id: string; at: Date };
}

export interface MailTransport {
  /** Sends by SMTP when configured, always writes the outbox file and a log line; rejects when SMTP fails. */
  deliver(message: EmailMessage): Promise<void>;
  close(): void;
}

/** "a***@example.com": enough for a log line to be useful without spelling out the address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** The domain of the sender's address (for Message-IDs), or localhost. */
function messageIdHost(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/**
 * Delivery of every e-mail the server sends: to the server log (the link only, address masked), to
 * `DATA_DIR/outbox/` as one JSON file a developer can open, and by SMTP when SMTP_URL is set.
 * The address is handed to nodemailer as an address object, never parsed from text, so it cannot add recipients.
 */
export function createMailTransport(options: {
  dataDir: string;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): MailTransport {
  const outbox = path.join(options.dataDir, 'outbox');
  // Bounded waits: an SMTP server that accepts and never answers must not hold a request (or a shutdown) for minutes.
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
    : undefined;

  return {
    async deliver(message) {
      let smtp: 'sent' | 'not configured' | 'failed' = 'not configured';
      let failure: unknown;
      if (transport) {
        try {
          await transport.sendMail({
            from: options.from,
            to: { name: '', address: message.to },
            subject: message.subject,
            text: message.text,
            html: message.html,
            ...(message.queued ? { messageId: `<queued-${message.queued.id}.${message.queued.at.getTime()}@${messageIdHost(options.from)}>` } : {}),
          });
          smtp = 'sent';
        } catch (error) {
          smtp = 'failed';
          failure = error;
        }
      }
      const createdAt = new Date().toISOString();
      const id = message.queued
        ? `${message.queued.at.toISOString().replace(/[:.]/g, '-')}-${message.kind}-queued-${message.queued.id}`
        : `${createdAt.replace(/[:.]/g, '-')}-${message.kind}-${randomBytes(4).toString('hex')}`;
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      await writeFile(
        path.join(outbox, `${id}.json`),
        `${JSON.stringify({ id, created_at: createdAt, kind: message.kind, from: options.from, to: message.to, subject: message.subject, link: message.link, otp: message.otp ?? null, smtp, text: message.text, html: message.html }, null, 2)}\n`,
        { mode: 0o600 },
      );
      options.log.info(`e-mail "${message.subject}" to ${maskEmail(message.to)} (smtp: ${smtp}): ${message.link}`);
      if (failure) {
        options.log.error({ err: failure }, `e-mail to ${maskEmail(message.to)} could not be sent by SMTP`);
        throw failure;
      }
    },
    close() {
      transport?.close();
    },
  };
}
