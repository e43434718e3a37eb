import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../../db/client';
import type { MailTransport } from '../../lib/mailer';
import { emailKinds, type EmailRenderer } from './email-kinds';
import { claimDueEmails, heartbeat, markCancelled, markFailed, markSent, removeWorker, type QueuedEmail } from './mail-queue';

/** A plain address, as the queue's CHECK has it: checked again before anything reaches the mailer. */
const PLAIN_ADDRESS = /^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$/;
const BATCH = 10;
/** Stopping waits at most this long for a delivery in progress (shutdown stays bounded). */
const STOP_WAIT_MS = 3_000;

export interface MailWorkerOptions {
  sql: Sql;
  transport: MailTransport;
  siteUrl: string;
  log: FastifyBaseLogger;
  /** Safety net besides LISTEN (missed notifications, retries that fall due): default 15 s. */
  pollMs?: number;
  /** Sign of life in private.mail_workers: default 30 s (writers treat a worker silent for 2 minutes as gone). */
  heartbeatMs?: number;
  kinds?: Readonly<Record<string, EmailRenderer>>;
  /** False while the database is away (server/src/db/availability.ts): the worker then waits instead of failing. */
  isDatabaseAvailable?: () => boolean;
}

export interface MailWorker {
  readonly workerId: string;
  /** Sends everything due now; resolves when the queue has nothing due (used by tests and on notifications). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Delivers `private.outgoing_emails` (docs/decisions/0008-outgoing-email-queue.md): woken by NOTIFY
 * outgoing_emails, polling as a safety net, claiming rows with FOR UPDATE SKIP LOCKED so several servers share one
 * database, rendering each row's kind and sending it through the shared mail transport.
 */
export async function startMailWorker(options: MailWorkerOptions): Promise<MailWorker> {
  const { sql, transport, log } = options;
  const kinds = options.kinds ?? emailKinds;
  const workerId = `${hostname().slice(0, 60)}-${process.pid}-${randomBytes(4).toString('hex')}`;
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;

  async function sendOne(email: QueuedEmail): Promise<void> {
    const render = kinds[email.kind];
    if (!render) {
      await markCancelled(sql, email.id, `unknown kind ${email.kind}`);
      log.error(`outgoing e-mail ${email.id}: unknown kind "${email.kind}", cancelled`);
      return;
    }
    let message;
    try {
      message = await render(email, { sql, siteUrl: options.siteUrl });
    } catch (error) {
      await markFailed(sql, email, `render: ${reasonOf(error)}`);
      log.error({ err: error }, `outgoing e-mail ${email.id} (${email.kind}) could not be prepared`);
      return;
    }
    if (!message) {
      await markCancelled(sql, email.id, 'no longer applicable');
      return;
    }
    if (!PLAIN_ADDRESS.test(message.to) || message.to.length > 254) {
      await markCancelled(sql, email.id, 'recipient is not one plain address');
      return;
    }
    try {
      await transport.deliver(message);
    } catch (error) {
      await markFailed(sql, email, reasonOf(error));
      return;
    }
    await markSent(sql, email.id);
  }

  async function drainOnce(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const batch = await claimDueEmails(sql, BATCH);
      for (const email of batch) await sendOne(email);
      if (batch.length < BATCH) return;
    }
  }

  function drain(): Promise<void> {
    if (options.isDatabaseAvailable && !options.isDatabaseAvailable()) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drainOnce();
        } while (again && !stopped);
      } catch (error) {
        if (!stopped) log.error({ err: error }, 'mail worker: the outgoing e-mail queue could not be read');
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  // The database may be away at start (it restarts, DATABASE_URL is down): the server starts anyway, and the
  // heartbeat and the subscription are tried again until they succeed; the poll delivers meanwhile.
  let subscription: { unlisten(): Promise<void> } | undefined;
  const beatOnce = () =>
    heartbeat(sql, workerId).catch((error: unknown) => {
      if (!stopped) log.warn({ err: error }, 'mail worker: heartbeat failed (the database may be away)');
    });
  const subscribe = async () => {
    if (subscription || stopped) return;
    try {
      subscription = await sql.listen('outgoing_emails', () => void drain());
    } catch (error) {
      if (!stopped) log.warn({ err: error }, 'mail worker: LISTEN failed, polling until it works');
    }
  };
  await beatOnce();
  await subscribe();
  const poll = setInterval(() => {
    void subscribe();
    void drain();
  }, options.pollMs ?? 15_000);
  const beat = setInterval(() => void beatOnce(), options.heartbeatMs ?? 30_000);
  poll.unref();
  beat.unref();
  void drain();

  return {
    workerId,
    drain,
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearInterval(beat);
      const bounded = (work: Promise<unknown>) => Promise.race([work.catch(() => {}), new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
      await bounded(subscription?.unlisten() ?? Promise.resolve());
      await bounded(running ?? Promise.resolve());
      await bounded(removeWorker(sql, workerId));
    },
  };
}
