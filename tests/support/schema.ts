import { rest } from './rest-clients';
import type { TestServer } from './test-server';

/**
 * After a test created tables or functions: `NOTIFY pgrst, 'reload schema'` (as a migration does), then wait
 * until the data API answers `probe` (a path that needs the new objects) with something other than 404.
 */
export async function reloadSchema(server: TestServer, probe: string): Promise<void> {
  await server.sql.unsafe(`notify pgrst, 'reload schema'`);
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await rest(server, 'GET', `${probe}${probe.includes('?') ? '&' : '?'}limit=0`);
    if (response.status !== 404) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the schema cache did not pick up ${probe}`);
}
