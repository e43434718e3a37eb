import type { TransactionSql } from 'postgres';
import type { Sql } from '../../server/src/db/client';

type Tx = TransactionSql;

export interface Caller {
  role: 'anon' | 'authenticated' | 'service_role';
  sub?: string;
  email?: string;
}

/**
 * Runs `fn` in a transaction as the data API will: SET LOCAL ROLE and request.jwt.claims.
 * The transaction is rolled back unless `commit` is set, so checks leave no trace.
 */
export async function asCaller<T>(sql: Sql, caller: Caller, fn: (tx: Tx) => Promise<T>, commit = false): Promise<T> {
  const claims = JSON.stringify({ role: caller.role, sub: caller.sub, email: caller.email, aud: 'authenticated' });
  let result: T;
  const rollback = new Error('rollback');
  try {
    await sql.begin(async (tx) => {
      await tx`select set_config('role', ${caller.role}, true), set_config('request.jwt.claims', ${claims}, true)`;
      result = await fn(tx);
      if (!commit) throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return result!;
}
