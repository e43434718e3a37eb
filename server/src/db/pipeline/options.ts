import type net from 'node:net';
import type { Sql } from '../client';
import type { ConnectOptions } from './connection';

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
