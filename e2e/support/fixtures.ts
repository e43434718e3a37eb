import { test as base } from '@playwright/test';
import { startE2EServer, type E2EServer } from './e2e-server';

/** Each worker gets its own server and database; tests in one worker run one after the other. */
export const test = base.extend<object, { server: E2EServer }>({
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
});

export { expect } from '@playwright/test';
