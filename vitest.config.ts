import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { webTestFiles } from './scripts/unit-web-files';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };

// The jsdom tests that mock modules run in a fresh module graph each; the others share a worker's (see
// scripts/unit-web-files.ts). `npm run test:unit` runs both projects (`--project 'unit-web*'`).
const webTests = webTestFiles(import.meta.dirname);

function unitWeb(name: string, include: string[], isolate: boolean): TestProjectInlineConfiguration {
  return {
    plugins: [react()],
    resolve: { alias },
    test: {
      name,
      environment: 'jsdom',
      include,
      setupFiles: ['tests/support/setup-dom.ts'],
      restoreMocks: true,
      // Form tests type whole values key by key: past Vitest's 5 s on a 2-core machine shared with other work.
      testTimeout: 15_000,
      // Vitest's default is cores − 1: one worker on CI's 2 cores, and the run was serial (726 s wall for 539 s of
      // CPU on an otherwise quiet machine).
      maxWorkers: 2,
      isolate,
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      unitWeb('unit-web', webTests.shared, false),
      unitWeb('unit-web-isolated', webTests.isolated, true),
      {
        resolve: { alias },
        test: {
          name: 'unit-server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          restoreMocks: true,
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // supabase-js 2.119 needs a global WebSocket (built in from Node 22; behind this flag on Node 20).
          execArgv: ['--experimental-websocket'],
          maxWorkers: 3,
          fileParallelism: true,
          // Each file imported the whole server again in a fresh fork (324 s of 469 in CI's run, 131 files): a fork now
          // keeps its modules from file to file. Every file still starts its own server over its own database copy.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // `npm run test:hosted`: the migrations on a Supabase-shaped PostgreSQL 15 and the static-host files under
          // nginx (CI installs both; see scripts/test-hosted.sh).
          name: 'hosted',
          environment: 'node',
          include: ['tests/hosted/**/*.test.ts'],
          globalSetup: ['tests/hosted/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          execArgv: ['--experimental-websocket'],
          // One file at a time: they share one database, and the worker of worker.test.ts changes what another sees
          // (a live worker queues invitation e-mails that app-requests.test.ts expects to stay unqueued).
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
