import type postgres from 'postgres';
import type { Sql } from '../../db/client';
import type { StorageAuth } from './storage-auth';
import { fromDatabaseError, StorageError } from './storage-errors';

/**
 * How Storage reaches its tables (src/internal/database/postgres/scope.ts): each call runs in a transaction with the
 * caller's role and `request.jwt.claims` set, so row-level security on storage.objects decides; the "super user"
 * (the server's own connection) is used where Storage uses it, after the caller's permission was tested. Deletes set
 * `storage.allow_delete_query`, which Storage's protect_delete trigger asks for.
 */

export type Tx = postgres.TransactionSql;
/** The server's pool or a transaction. */
export type Queryable = Sql | Tx;

const STATEMENT_TIMEOUT: Record<StorageAuth['role'], string> = { anon: '3s', authenticated: '8s', service_role: '8s' };

async function scope(tx: Tx, auth: StorageAuth | null): Promise<void> {
  if (auth === null) {
    await tx`select set_config('storage.allow_delete_query', 'true', true)`;
    return;
  }
  const claims = JSON.parse(auth.claims) as { sub?: unknown };
  await tx`
    select set_config('role', ${auth.role}, true),
      set_config('request.jwt.claim.role', ${auth.role}, true),
      set_config('request.jwt.claim.sub', ${typeof claims.sub === 'string' ? claims.sub : ''}, true),
      set_config('request.jwt.claims', ${auth.claims}, true),
      set_config('statement_timeout', ${STATEMENT_TIMEOUT[auth.role]}, true),
      set_config('storage.allow_delete_query', 'true', true)`;
}

function mapped(error: unknown): unknown {
  if (error instanceof StorageError) return error;
  return fromDatabaseError(error) ?? error;
}

/** Runs `work` as the caller (auth) or as the server itself (null), in one transaction; database errors become Storage's. */
export async function withScope<T>(sql: Sql, auth: StorageAuth | null, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return (await sql.begin(async (tx) => {
      await scope(tx, auth);
      return work(tx);
    })) as T;
  } catch (error) {
    throw mapped(error);
  }
}

class Rollback extends Error {}

/** Storage's testPermission: runs `work` as the caller and always rolls it back; only its refusal counts. */
export async function testPermission(sql: Sql, auth: StorageAuth, work: (tx: Tx) => Promise<unknown>): Promise<void> {
  try {
    await sql.begin(async (tx) => {
      await scope(tx, auth);
      await work(tx);
      throw new Rollback();
    });
  } catch (error) {
    if (error instanceof Rollback) return;
    throw mapped(error);
  }
}
