import { performance } from 'node:perf_hooks';
import { PgConnection, type Step, type StepResult } from './connection';
import type { ConnectOptions } from './options';
import { acquireChannel, type AcquireMessage } from './diagnostics';

/**
 * A fixed-size pool of pipeline connections (the server's 10, like its postgres.js pool): connections open on
 * demand, waiters are served first come first served, a broken connection is dropped and replaced, idle ones
 * close after a while.
 */

export interface PipelinePool {
  /** Runs `work` with a connection of its own; the connection goes back to the pool after. */
  use<T>(work: (connection: PooledConnection) => Promise<T>): Promise<T>;
  end(): Promise<void>;
}

export interface PooledConnection {
  run(steps: readonly Step[]): Promise<StepResult[]>;
  /** `I` idle, `T` in a transaction, `E` in a failed one (after the last batch). */
  readonly transactionStatus: string;
}

export interface PoolOptions {
  max: number;
  /** Seconds an unused connection stays open. */
  idleTimeout: number;
}

export function createPipelinePool(connect: ConnectOptions, options: PoolOptions): PipelinePool {
  const idle: { connection: PgConnection; timer: NodeJS.Timeout }[] = [];
  const waiting: ((connection: PgConnection | Error) => void)[] = [];
  let open = 0;
  let ended = false;

  const release = (connection: PgConnection) => {
    if (!connection.alive || ended || connection.transactionStatus !== 'I') {
      if (connection.alive) connection.end();
      open--;
      if (waiting.length && !ended) grow();
      return;
    }
    const next = waiting.shift();
    if (next) return next(connection);
    const timer = setTimeout(() => {
      const index = idle.findIndex((entry) => entry.connection === connection);
      if (index >= 0) idle.splice(index, 1);
      open--;
      connection.end();
    }, options.idleTimeout * 1000);
    timer.unref();
    idle.push({ connection, timer });
  };

  const grow = () => {
    open++;
    PgConnection.connect(connect).then(
      (connection) => release(connection),
      (error: Error) => {
        open--;
        // Everyone waiting learns the database is away now, rather than after their own timeout.
        for (const waiter of waiting.splice(0)) waiter(error);
      },
    );
  };

  const acquire = (): Promise<PgConnection> => {
    if (ended) return Promise.reject(new Error('the pool has ended'));
    for (let entry = idle.pop(); entry; entry = idle.pop()) {
      clearTimeout(entry.timer);
      if (entry.connection.alive) return Promise.resolve(entry.connection);
      open--; // closed while idle (the server restarted, an administrator ended it)
    }
    return new Promise((resolve, reject) => {
      waiting.push((result) => (result instanceof Error ? reject(result) : resolve(result)));
      if (open < options.max) grow();
    });
  };

  return {
    async use(work) {
      let connection: PgConnection;
      if (acquireChannel.hasSubscribers) {
        const queued = waiting.length;
        const start = performance.now();
        connection = await acquire();
        acquireChannel.publish({ waitedMs: performance.now() - start, queued } satisfies AcquireMessage);
      } else {
        connection = await acquire();
      }
      try {
        return await work(connection);
      } finally {
        release(connection);
      }
    },
    async end() {
      ended = true;
      for (const entry of idle.splice(0)) {
        clearTimeout(entry.timer);
        entry.connection.end();
      }
      for (const waiter of waiting.splice(0)) waiter(new Error('the pool has ended'));
    },
  };
}
