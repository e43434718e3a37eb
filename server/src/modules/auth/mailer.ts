import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { type EmailKind, composeEmail, maskEmail } from './auth-email';

/**
 * Delivery of auth e-mails. Every message is written to the server log (the link only, never the code)
 * and to `DATA_DIR/outbox/` as one JSON file a developer can open; with SMTP_URL it is also sent by SMTP.
 * A failed SMTP delivery fails the request (the caller's transaction rolls back), as GoTrue does.
 */
export interface OutgoingEmail {
  kind: EmailKind;
  to: string;
  link: string;
  otp: string;
  /** The current address, for e-mail change messages. */
  email: string;
  newEmail?: string;
}

export interface Mailer {
  send(message: OutgoingEmail): Promise<void>;
  close(): void;
}

export function createMailer(options: {
  dataDir: string;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const outbox = path.join(options.dataDir, 'outbox');
  // Bounded waits: an SMTP server that accepts and never answers must not hold a request (or a shutdown) for minutes.
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
    : undefined;

  return {
    async send(message) {
      const content = composeEmail(message.kind, message);
      let smtp: 'sent' | 'not configured' | 'failed' = 'not configured';
      let failure: unknown;
      if (transport) {
        try {
          await transport.sendMail({ from: options.from, to: message.to, ...content });
          smtp = 'sent';
        } catch (error) {
          smtp = 'failed';
          failure = error;
        }
      }
      const createdAt = new Date().toISOString();
      const id = `${createdAt.replace(/[:.]/g, '-')}-${message.kind}-${randomBytes(4).toString('hex')}`;
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      await writeFile(
        path.join(outbox, `${id}.json`),
        `${JSON.stringify({ id, created_at: createdAt, kind: message.kind, from: options.from, to: message.to, subject: content.subject, link: message.link, otp: message.otp, smtp, text: content.text, html: content.html }, null, 2)}\n`,
        { mode: 0o600 },
      );
      options.log.info(`auth e-mail "${content.subject}" to ${maskEmail(message.to)} (smtp: ${smtp}): ${message.link}`);
      if (failure) {
        options.log.error({ err: failure }, `auth e-mail to ${maskEmail(message.to)} could not be sent by SMTP`);
        throw failure;
      }
    },
    close() {
      transport?.close();
    },
  };
}
