import { test as base } from '@playwright/test';
import { startE2EServer, type E2EServer } from './e2e-server';

/** The server's last words shown with a failed test: what the job runner or an API logged while it ran. */
const LOG_TAIL_CHARS = 6_000;

/** Each worker gets its own server and database; tests in one worker run one after the other. */
export const test = base.extend<{ serverLogOnFailure: void }, { server: E2EServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startE2EServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  serverLogOnFailure: [
    async ({ server }, use, testInfo) => {
      const before = server.output().length;
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const printed = server.output().slice(before);
      await testInfo.attach('server-log', { body: printed, contentType: 'text/plain' });
      console.log(`The server printed while "${testInfo.title}" ran (last ${LOG_TAIL_CHARS} characters):\n${printed.slice(-LOG_TAIL_CHARS) || '(nothing)'}`);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
