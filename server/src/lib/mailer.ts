import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { classifySendFailure, MessageGate, type SendFailure } from './final-dot-gate';

/** A rendered e-mail: the auth module's link e-mails, the queued e-mails of the send_email job, campaign messages. */
export interface EmailMessage {
  /** What it is ('signup', 'workspace_invitation', 'campaign', …): named in the outbox file. */
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
  /** Sender instead of SMTP_FROM's (a workspace's); its name is flattened to one line. */
  from?: { name: string; address: string };
  replyTo?: string;
  /** A stable Message-ID (`<…@…>`), e.g. a campaign delivery's. */
  messageId?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post): values are one line each. */
  headers?: Record<string, string>;
}

export interface DeliverOptions {
  /**
   * Called, and awaited, just before the final "." of the SMTP DATA phase is written: the caller commits its durable
   * "data complete, outcome unknown" marker there (decision 0020). Not called when no SMTP server is configured.
   */
  beforeFinalDot?: () => Promise<void>;
  /** Write the outbox file (default true; campaign messages only when no SMTP server is configured). */
  outbox?: boolean;
}

/** The SMTP server's answer to an accepted message, or 'not configured' (outbox only). */
export interface DeliverResult {
  smtp: 'sent' | 'not configured';
  response: string | null;
}

/** A failed SMTP delivery: how it ended (see `SendFailure`). */
export class SendError extends Error {
  override name = 'SendError';
  constructor(readonly failure: SendFailure, options?: { cause?: unknown }) {
    super(failure.response, options);
  }
}

export interface MailTransport {
  /** Sends by SMTP when configured, writes the outbox file and a log line; rejects with a SendError when SMTP fails. */
  deliver(message: EmailMessage, options?: DeliverOptions): Promise<DeliverResult | void>;
  /** Whether SMTP_URL is set (otherwise the outbox is the only delivery; unknown: assume SMTP). */
  readonly smtpConfigured?: boolean;
  /** The sender's domain (for Message-IDs; default localhost). */
  readonly fromDomain?: string;
  close(): void;
}

/** "a***@example.com": enough for a log line to be useful without spelling out the address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** The domain of the sender's address (for Message-IDs), or localhost. */
export function messageIdHost(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/** One line of header text: control characters and line separators become spaces. */
export function headerSafe(value: string): string {
  return value.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Delivery of every e-mail the server sends: to the server log (the link only, address masked), to
 * `DATA_DIR/outbox/` as one JSON file a developer can open, and by SMTP when SMTP_URL is set — through a pool of
 * connections, the message streamed through the final-dot gate. The address is handed to nodemailer as an address
 * object, never parsed from text, so it cannot add recipients; names and header values are flattened to one line.
 */
export function createMailTransport(options: {
  dataDir: string;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** Pooled SMTP connections (default 1: one connection per message). */
  maxConnections?: number;
}): MailTransport {
  const outbox = path.join(options.dataDir, 'outbox');
  const fromDomain = messageIdHost(options.from);
  const pooled = (options.maxConnections ?? 1) > 1;
  // Bounded waits: an SMTP server that accepts and never answers must not hold a request (or a shutdown) for minutes.
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
        ...(pooled ? { pool: true, maxConnections: options.maxConnections, maxMessages: Infinity } : {}),
      })
    : undefined;

  // The final-dot gate is the message's last stream (nodemailer's "stream" step, a processFunc: after its transforms
  // and the final-newline step), the stream the SMTP connection reads after DATA's 354 — so the marker cannot be
  // committed before (session 13; as a transform, before the final-newline step, a small message passed it whole
  // before MAIL FROM). The message is composed and streamed once, by nodemailer, as any message is.
  transport?.use('stream', (mail, done) => {
    const gate = (mail.data as { finalDotGate?: MessageGate }).finalDotGate;
    if (gate) mail.message.processFunc((input) => gate.stream(input));
    done();
  });

  async function sendBySmtp(smtp: Transporter, message: EmailMessage, messageId: string | undefined, beforeFinalDot?: () => Promise<void>): Promise<string | null> {
    const headers = Object.fromEntries(Object.entries(message.headers ?? {}).map(([key, value]) => [key, headerSafe(value)]));
    const from = message.from ? { name: headerSafe(message.from.name), address: message.from.address } : options.from;
    const gate = new MessageGate(beforeFinalDot ?? (async () => {}));
    const envelope = { from: message.from?.address ?? messageIdFromAddress(options.from), to: [message.to] };
    try {
      const info = (await smtp.sendMail({
        envelope,
        from,
        to: { name: '', address: message.to },
        ...(message.replyTo ? { replyTo: { name: '', address: message.replyTo } } : {}),
        subject: headerSafe(message.subject),
        text: message.text,
        html: message.html,
        headers,
        ...(messageId ? { messageId } : {}),
        finalDotGate: gate,
      } as SendMailOptions)) as { response?: string };
      return info.response ?? null;
    } catch (error) {
      throw new SendError(classifySendFailure(error, gate.markerWritten), { cause: error });
    }
  }

  return {
    smtpConfigured: transport !== undefined,
    fromDomain,
    async deliver(message, deliverOptions = {}) {
      const messageId = message.messageId ?? (message.queued ? `<queued-${message.queued.id}.${message.queued.at.getTime()}@${fromDomain}>` : undefined);
      let smtp: 'sent' | 'not configured' | 'failed' = 'not configured';
      let failure: unknown;
      let response: string | null = null;
      if (transport) {
        try {
          response = await sendBySmtp(transport, message, messageId, deliverOptions.beforeFinalDot);
          smtp = 'sent';
        } catch (error) {
          smtp = 'failed';
          failure = error;
        }
      }
      if (deliverOptions.outbox ?? true) {
        const createdAt = new Date().toISOString();
        const id = message.queued
          ? `${message.queued.at.toISOString().replace(/[:.]/g, '-')}-${message.kind}-queued-${message.queued.id}`
          : `${createdAt.replace(/[:.]/g, '-')}-${message.kind}-${randomBytes(4).toString('hex')}`;
        await mkdir(outbox, { recursive: true, mode: 0o700 });
        await writeFile(
          path.join(outbox, `${id}.json`),
          `${JSON.stringify({ id, created_at: createdAt, kind: message.kind, from: message.from ?? options.from, to: message.to, reply_to: message.replyTo ?? null, subject: message.subject, message_id: messageId ?? null, headers: message.headers ?? {}, link: message.link, otp: message.otp ?? null, smtp, text: message.text, html: message.html }, null, 2)}\n`,
          { mode: 0o600 },
        );
        options.log.info(`e-mail "${headerSafe(message.subject)}" to ${maskEmail(message.to)} (smtp: ${smtp}): ${message.link}`);
      }
      if (failure) {
        options.log.error({ err: failure }, `e-mail to ${maskEmail(message.to)} could not be sent by SMTP`);
        throw failure;
      }
      return { smtp: smtp === 'sent' ? 'sent' : 'not configured', response };
    },
    close() {
      transport?.close();
    },
  };
}

/** The plain address of a `Name <address>` sender (the SMTP envelope's MAIL FROM). */
function messageIdFromAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}
