/**
 * Whether the database can be reached, as the API needs to know it: while it is away every API request answers
 * 503 at once (with Retry-After) instead of waiting on connections that cannot succeed.
 *
 * Two sources: the embedded PostgreSQL's supervisor (away from the moment PostgreSQL died until it serves
 * again) and the requests themselves (a connection-level failure triggers a probe; a failed probe marks the
 * database away and the probe repeats until it answers, so DATABASE_URL recovers the same way).
 */
export interface DatabaseAvailability {
  isAvailable(): boolean;
  /** A request failed as if the database were gone: check, and mark it away when the check fails too. */
  reportConnectionFailure(): void;
  /** Away while the embedded PostgreSQL restarts. */
  setRestarting(isRestarting: boolean): void;
  close(): void;
}

/** What clients are told to wait before retrying: postgrest-js retries reads 3 times, honouring it (6 s). */
export const RETRY_AFTER_SECONDS = 2;

const PROBE_INTERVAL_MS = 250;
const PROBE_TIMEOUT_MS = 2000;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * A failure of the connection rather than of the statement: postgres.js' CONNECTION_* and CONNECT_TIMEOUT,
 * socket errors, a FATAL from the server (shut down, starting up, recovering, too many connections) and
 * SQLSTATE class 08 — what PostgREST answers with 503 PGRST000.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (severity === 'FATAL' || severity === 'PANIC') return true;
  if (typeof code !== 'string') return false;
  return (
    code.startsWith('CONNECTION_') ||
    code === 'CONNECT_TIMEOUT' ||
    NETWORK_CODES.has(code) ||
    code.startsWith('08') ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03'
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createAvailability(
  probe: () => Promise<unknown>,
  log: (message: string) => void = () => {},
): DatabaseAvailability {
  let isRestarting = false;
  let isUnreachable = false;
  let isProbing = false;
  let isClosed = false;
  let since = 0;
  let timer: NodeJS.Timeout | undefined;

  const check = async () => {
    if (isProbing || isClosed) return;
    isProbing = true;
    try {
      await withTimeout(probe(), PROBE_TIMEOUT_MS);
      if (isUnreachable) log(`the database answers again (after ${((Date.now() - since) / 1000).toFixed(1)} s)`);
      isUnreachable = false;
    } catch (error) {
      if (!isUnreachable) {
        since = Date.now();
        log(`the database cannot be reached (${error instanceof Error ? error.message : String(error)}): answering 503 until it can`);
      }
      isUnreachable = true;
      if (!isClosed) timer = setTimeout(() => void check(), PROBE_INTERVAL_MS);
    } finally {
      isProbing = false;
    }
  };

  return {
    isAvailable: () => !isRestarting && !isUnreachable,
    reportConnectionFailure: () => void check(),
    setRestarting(value) {
      isRestarting = value;
      // Back from a restart: the pool reconnects on demand; a probe confirms before anyone waits on it.
      if (!value) void check();
    },
    close() {
      isClosed = true;
      clearTimeout(timer);
    },
  };
}
