import type { Sql, TransactionSql } from 'postgres';

/**
 * Runs `during` while another transaction has done `hold` and not committed, and watches for a backend waiting on a
 * lock meanwhile. The answer lists the waits seen (the waiting statements), so a test fails on a wait, not on how
 * long anything took: once a wait is seen the holder lets go, the waiting requests finish, and the test says so.
 */
export async function whileHolding<T>(sql: Sql, hold: (tx: TransactionSql) => Promise<unknown>, during: () => Promise<T>): Promise<{ result: T; lockWaits: string[] }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const holder = sql.begin(async (tx) => {
    await hold(tx);
    holding();
    await released;
  });
  await held;
  const lockWaits: string[] = [];
  let isDone = false;
  const watching = (async () => {
    while (!isDone) {
      const waits = await sql<{ query: string }[]>`
        select left(query, 80) as query from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()`;
      lockWaits.push(...waits.map((wait) => wait.query));
      if (waits.length > 0) release();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    return { result: await during(), lockWaits };
  } finally {
    isDone = true;
    release();
    await holder;
    await watching;
  }
}
