import type { FastifyBaseLogger } from 'fastify';
import { createMailTransport } from '../../lib/mailer';
import { type EmailKind, composeEmail } from './auth-email';

/**
 * Delivery of auth e-mails through the shared transport (`lib/mailer.ts`: log, `DATA_DIR/outbox/`, SMTP).
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
  const transport = createMailTransport(options);
  return {
    send: async (message) => {
      await transport.deliver({ kind: message.kind, to: message.to, link: message.link, otp: message.otp, ...composeEmail(message.kind, message) });
    },
    close: () => transport.close(),
  };
}
