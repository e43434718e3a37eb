// The ceiling of `npm run bench:api`, run in its own process on the load generator's CPU: the transaction the
// API sends for a request (begin, the settings, the session check, the statement, commit), written the way the API
// writes it (the data API's pipeline: one write, one Sync), on a pool of the server's size, 50 requests in flight.
// No HTTP, no token check, no parsing or building: what PostgreSQL alone can answer. Its own event-loop delay, GC
// pauses, pool waits and round trips are measured like the server's (bench-api-probe.ts).
import { createSql } from '../server/src/db/client';
import { connectOptionsOf } from '../server/src/db/pipeline/options';
import { createPipelinePool } from '../server/src/db/pipeline/pool';
import { transactionSteps } from '../server/src/modules/rest/transaction';
import { measureClosedLoop, type ClosedLoopFigures } from './bench-api-probe';

export interface CeilingInput {
  url: string;
  token: string;
  claims: string;
  path: string;
  text: string;
  values: string[];
  connections: number;
  poolSize: number;
  seconds: number;
}

export type CeilingFigures = ClosedLoopFigures;

export async function runCeiling(input: CeilingInput, check: (body: string) => boolean): Promise<CeilingFigures> {
  const sql = createSql(input.url, { max: 1, applicationName: 'bench-ceiling' });
  const pool = createPipelinePool(connectOptionsOf(sql, 'bench-ceiling'), { max: input.poolSize, idleTimeout: 60 });
  const steps = transactionSteps({
    readOnly: true,
    auth: { role: 'authenticated', claims: input.claims, session: { id: 'bench', userId: 'bench' } },
    settings: {
      method: 'GET',
      path: input.path,
      headers: JSON.stringify({ authorization: `Bearer ${input.token}` }),
      cookies: '{}',
      searchPath: 'public, extensions',
      timezone: null,
    },
    statement: { text: input.text, values: input.values },
    explain: null,
    preRequest: '"private"."require_active_session"',
    end: 'commit',
  });
  steps.push({ text: 'commit', values: [] });
  const once = () =>
    pool.use(async (connection) => {
      const results = await connection.run(steps);
      const failed = results.find((result) => result.error);
      if (failed) throw failed.error;
      const body = results[3]!.rows[0]![2]!.toString();
      if (!check(body)) throw new Error(`unexpected body: ${body.slice(0, 200)}`);
    });
  // The warm-up opens the connections and prepares the statements.
  const figures = await measureClosedLoop(once, input.connections, input.seconds);
  await pool.end();
  await sql.end();
  // clientMs: what the pipeline alone costs for this transaction (the server pays it too).
  return figures;
}
