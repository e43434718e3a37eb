import type { Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMessage {
  raw: string;
  parsed: ParsedMail;
  /** RCPT TO addresses. */
  recipients: string[];
  messageId: string | undefined;
  header(name: string): string | undefined;
}

export interface RealSmtpServer {
  port: number;
  url: string;
  messages: ReceivedMessage[];
  /** Messages to one address. */
  to(address: string): ReceivedMessage[];
  /** Resolves once `count` messages arrived in all (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface RealSmtpOptions {
  /** Refuse a recipient (e.g. `550 No such user`). */
  rejectRecipient?: (address: string) => { code: number; message: string } | null;
  /** Called when the final dot of a message arrived, before it is answered. */
  onFinalDot?: (session: SMTPServerSession, raw: string) => Promise<void> | void;
  /**
   * Drop the connection at RCPT TO of a recipient (no answer; the socket closed after `dropDelayMs`, default 300):
   * the message was never sent. `true` drops that time.
   */
  dropAtRecipient?: (address: string) => boolean;
  dropDelayMs?: number;
  /**
   * Answer RCPT TO of a recipient only once the promise returned resolves (undefined: at once): a message held on its
   * way, before its DATA.
   */
  holdRecipient?: (address: string) => Promise<void> | undefined;
  /** Hold each "250" this long. */
  acceptDelayMs?: number;
  /** Keep the parsed messages (default true; a bench only counts). */
  keep?: boolean;
}

/**
 * A real SMTP server in the test (the `smtp-server` package, the server side of nodemailer's author), answering on a
 * free port without TLS or authentication, with every message parsed by `mailparser`.
 */
export function startRealSmtpServer(options: RealSmtpOptions = {}): Promise<RealSmtpServer> {
  const messages: ReceivedMessage[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, session, callback) {
      if (options.dropAtRecipient?.(address.address)) {
        const socket = [...sockets].find((candidate) => candidate.remotePort === session.remotePort);
        setTimeout(() => socket?.destroy(), options.dropDelayMs ?? 300);
        return;
      }
      const refusal = options.rejectRecipient?.(address.address);
      if (refusal) {
        const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
        callback(error);
        return;
      }
      const hold = options.holdRecipient?.(address.address);
      if (hold) void hold.then(() => callback());
      else callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        void (async () => {
          await options.onFinalDot?.(session, raw);
          if (options.keep !== false) {
            const parsed = await simpleParser(raw);
            messages.push({
              raw,
              parsed,
              recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              messageId: parsed.messageId,
              // As sent (unfolded), not as mailparser interprets it.
              header: (name) => {
                const line = parsed.headerLines.find((entry) => entry.key === name.toLowerCase())?.line;
                return line === undefined ? undefined : line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
              },
            });
            for (const waiter of waiters.filter((w) => messages.length >= w.count)) waiter.resolve();
          }
          if (options.acceptDelayMs) await new Promise((resolve) => setTimeout(resolve, options.acceptDelayMs));
          callback();
        })().catch((error: unknown) => callback(error as Error));
      });
    },
  });
  server.on('error', () => {});
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as { port: number };
      resolve({
        port,
        url: `smtp://127.0.0.1:${port}`,
        messages,
        to: (address) => messages.filter((message) => message.recipients.includes(address)),
        waitFor(count, timeoutMs = 15_000) {
          if (messages.length >= count) return Promise.resolve();
          return new Promise<void>((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`${messages.length} of ${count} messages arrived`)), timeoutMs);
            waiters.push({ count, resolve: () => { clearTimeout(timer); done(); } });
          });
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
