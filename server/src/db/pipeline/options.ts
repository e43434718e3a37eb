import type net from 'node:net';
import type tls from 'node:tls';
import type { Sql } from '../client';

/** How a pipeline connection reaches and signs in to PostgreSQL. */
export interface ConnectOptions {
  host: string;
  port: number;
  /** A Unix socket path instead of host and port. */
  path?: string | undefined;
  user: string;
  password: string | (() => string | Promise<string>);
  database: string;
  ssl: false | true | 'require' | 'allow' | 'prefer' | 'verify-full' | tls.ConnectionOptions;
  /** Startup parameters (application_name…). */
  parameters: Record<string, string>;
  /** A connected socket from elsewhere (tests wrap the socket to count round trips). */
  socket?: () => net.Socket | Promise<net.Socket>;
  /** Seconds. */
  connectTimeout: number;
}

/** The parts of postgres.js's parsed options the pipeline connects with (its own URL and environment parsing). */
interface PostgresJsOptions {
  host: string[];
  port: number[];
  path: string | false;
  user: string;
  pass: string | (() => string | Promise<string>) | null;
  database: string;
  ssl: ConnectOptions['ssl'] | 'disable' | undefined;
  connection: Record<string, string | number | boolean>;
  socket?: () => net.Socket | Promise<net.Socket>;
  connect_timeout: number;
}

/** Connects like the server's postgres.js pool: same URL, TLS mode, credentials and startup parameters. */
export function connectOptionsOf(sql: Sql, applicationName: string): ConnectOptions {
  const options = (sql as unknown as { options: PostgresJsOptions }).options;
  const parameters = Object.fromEntries(Object.entries(options.connection ?? {}).map(([key, value]) => [key, String(value)]));
  const ssl = options.ssl === 'disable' || options.ssl === undefined ? false : options.ssl;
  return {
    host: options.host[0] ?? 'localhost',
    port: options.port[0] ?? 5432,
    path: options.path || undefined,
    user: options.user,
    password: options.pass ?? '',
    database: options.database,
    ssl,
    parameters: { ...parameters, application_name: applicationName },
    ...(options.socket ? { socket: options.socket } : {}),
    connectTimeout: options.connect_timeout,
  };
}
