import type net from 'node:net';
import { performance } from 'node:perf_hooks';
import { parse, serialize } from 'pg-protocol';
import type { AuthenticationMD5Password, BackendMessage, DatabaseError, DataRowMessage, ReadyForQueryMessage } from 'pg-protocol/dist/messages';
import { md5Password, scramSha256, verifyServerFinal, type ScramExchange } from './auth';
import { batchChannel, type BatchMessage } from './diagnostics';
import type { ConnectOptions } from './options';
import { ConnectionError, openSocket, withTimeout } from './socket';

/**
 * One PostgreSQL connection of the data API's pipeline: a batch of statements is written at once with a single
 * Sync, so `begin … commit` of a request costs one write and one round trip, and the replies are read without
 * building result objects (rows are arrays of text). Statements are prepared once per connection (named,
 * at most MAX_STATEMENTS, the oldest closed first). The messages are written and read by pg-protocol,
 * node-postgres' own protocol package. Decision: docs/decisions/0007-data-api-speed.md.
 */

export const MAX_STATEMENTS = 500;
/** `unknown` (OID 705): PostgreSQL types the value from its context, as PostgREST's encoder does. */
export const UNKNOWN = 705;

export interface Step {
  text: string;
  values: readonly (string | null)[];
  /** Parameter types; all `unknown` when not given. */
  types?: readonly number[];
}

export interface StepResult {
  /** Each row's fields as text (null for SQL NULL). */
  rows: (string | null)[][];
  error?: PostgresError;
}

/** A PostgreSQL error, shaped like postgres.js's (what `errors.ts` reads). */
export class PostgresError extends Error {
  override name = 'PostgresError';
  readonly code: string;
  readonly detail: string | undefined;
  readonly hint: string | undefined;
  readonly severity: string | undefined;

  constructor(error: DatabaseError) {
    super(error.message || 'unknown error');
    this.code = error.code ?? 'XX000';
    this.detail = error.detail;
    this.hint = error.hint;
    this.severity = error.severity;
  }
}

interface Batch {
  steps: readonly Step[];
  results: StepResult[];
  step: number;
  /** Statements whose Parse is in this batch: confirmed by ParseComplete, forgotten otherwise. */
  parsing: Map<number, string>;
  resolve: (results: StepResult[]) => void;
  reject: (error: Error) => void;
}

export class PgConnection {
  private readonly out: Buffer[] = [];
  private readonly statements = new Map<string, string>();
  private statementCounter = 0;
  private batch: Batch | null = null;
  private onMessage: ((message: BackendMessage) => void) | null = null;
  private closedWith: Error | null = null;
  /** `I` idle, `T` in a transaction, `E` in a failed transaction. */
  transactionStatus = 'I';

  private constructor(private readonly socket: net.Socket) {
    void parse(socket, (message) => this.onMessage?.(message));
    const fail = (error: Error) => this.fail(new ConnectionError('CONNECTION_CLOSED', error.message));
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the database closed the connection')));
  }

  get alive(): boolean {
    return this.closedWith === null;
  }

  private fail(error: Error): void {
    if (this.closedWith) return;
    this.closedWith = error;
    this.batch?.reject(error);
    this.batch = null;
    this.socket.destroy();
  }

  end(): void {
    if (this.closedWith) return;
    this.closedWith = new ConnectionError('CONNECTION_ENDED', 'the connection was ended');
    this.socket.end(serialize.end());
  }

  /** Writes the steps and one Sync; resolves with every step's rows (or error) at ReadyForQuery. */
  run(steps: readonly Step[]): Promise<StepResult[]> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    if (this.batch) return Promise.reject(new Error('a batch is already running on this connection'));
    const parsing = new Map<number, string>();
    while (this.statements.size + steps.length > MAX_STATEMENTS) {
      const [text, name] = this.statements.entries().next().value!;
      this.statements.delete(text);
      this.out.push(serialize.close({ type: 'S', name }));
    }
    for (let index = 0; index < steps.length; index++) {
      const step = steps[index]!;
      let name = this.statements.get(step.text);
      if (name !== undefined) {
        // Least recently used last: the oldest entry is the one closed when the cache is full.
        this.statements.delete(step.text);
        this.statements.set(step.text, name);
      } else {
        name = `pgrst_${++this.statementCounter}`;
        this.out.push(serialize.parse({ name, text: step.text, types: step.types ? [...step.types] : step.values.map(() => UNKNOWN) }));
        parsing.set(index, name);
      }
      this.out.push(serialize.bind({ statement: name, values: step.values as (string | null)[] }), serialize.execute());
    }
    this.out.push(serialize.sync());
    const measured = batchChannel.hasSubscribers;
    const start = measured ? performance.now() : 0;
    return new Promise<StepResult[]>((resolve, reject) => {
      const done = measured
        ? (results: StepResult[]) => {
            batchChannel.publish({ steps: steps.length, roundTripMs: performance.now() - start } satisfies BatchMessage);
            resolve(results);
          }
        : resolve;
      this.batch = { steps, results: steps.map(() => ({ rows: [] })), step: 0, parsing, resolve: done, reject };
      this.onMessage = this.onBatchMessage;
      this.socket.write(Buffer.concat(this.out.splice(0)));
    });
  }

  /** One handler for every batch (not a closure per batch): the batch carries its steps. */
  private readonly onBatchMessage = (message: BackendMessage) => this.handle(message);

  private handle(message: BackendMessage): void {
    const batch = this.batch;
    if (!batch) return;
    switch (message.name) {
      case 'parseComplete': {
        const name = batch.parsing.get(batch.step);
        if (name !== undefined) this.statements.set(batch.steps[batch.step]!.text, name);
        break;
      }
      case 'dataRow':
        batch.results[batch.step]?.rows.push((message as DataRowMessage).fields as (string | null)[]);
        break;
      case 'commandComplete':
      case 'emptyQuery':
        batch.step++;
        break;
      case 'error': {
        const error = new PostgresError(message as DatabaseError);
        if (batch.results[batch.step]) batch.results[batch.step]!.error = error;
        // A statement prepared elsewhere was lost (the pool behind us was reset): prepare again next time.
        if (error.code === '26000' || error.code === '0A000') this.statements.clear();
        break;
      }
      case 'readyForQuery':
        this.transactionStatus = (message as ReadyForQueryMessage).status;
        this.batch = null;
        batch.resolve(batch.results);
        break;
      default:
        // BindComplete, CloseComplete, NoData, notices, parameter statuses, notifications: nothing to do.
        break;
    }
  }

  /**
   * Connects, negotiates TLS when asked, authenticates, and waits until the server is ready: all of it within
   * one `connectTimeout`, so a server that accepts and then stays silent (at any step) costs that long at most.
   */
  static async connect(options: ConnectOptions): Promise<PgConnection> {
    const sockets: net.Socket[] = [];
    const attempt = async () => {
      const connection = new PgConnection(await openSocket(options, (socket) => sockets.push(socket)));
      await connection.startup(options);
      return connection;
    };
    try {
      return await withTimeout(attempt(), options.connectTimeout);
    } catch (error) {
      for (const socket of sockets) socket.destroy();
      throw error;
    }
  }

  private startup(options: ConnectOptions): Promise<void> {
    return new Promise((resolve, reject) => {
      let scram: ScramExchange | null = null;
      let serverSignature = '';
      const password = async () => (typeof options.password === 'function' ? await options.password() : options.password);
      const respond = async (message: BackendMessage) => {
        switch (message.name) {
          case 'authenticationCleartextPassword':
            return this.socket.write(serialize.password(await password()));
          case 'authenticationMD5Password':
            return this.socket.write(serialize.password(md5Password(options.user, await password(), (message as AuthenticationMD5Password).salt)));
          case 'authenticationSASL':
            scram = scramSha256(await password());
            return this.socket.write(serialize.sendSASLInitialResponseMessage('SCRAM-SHA-256', scram.clientFirst));
          case 'authenticationSASLContinue': {
            if (!scram) throw new Error('SCRAM: a continuation without a start');
            const final = scram.final((message as unknown as { data: string }).data);
            serverSignature = final.serverSignature;
            return this.socket.write(serialize.sendSCRAMClientFinalMessage(final.clientFinal));
          }
          case 'authenticationSASLFinal':
            if (!verifyServerFinal((message as unknown as { data: string }).data, serverSignature)) throw new Error('SCRAM: the server signature does not match');
            return;
          case 'authenticationOk':
            return;
          default:
            throw new Error(`unsupported authentication method (${message.name})`);
        }
      };
      this.onMessage = (message) => {
        if (message.name.startsWith('authentication')) respond(message).catch(reject);
        else if (message.name === 'error') reject(new PostgresError(message as DatabaseError));
        else if (message.name === 'readyForQuery') {
          this.onMessage = null;
          resolve();
        }
      };
      const closed = () => reject(this.closedWith ?? new ConnectionError('CONNECTION_CLOSED', 'the database closed the connection'));
      this.socket.once('close', closed);
      this.socket.write(serialize.startup({ user: options.user, database: options.database, client_encoding: 'UTF8', ...options.parameters }));
    });
  }
}
