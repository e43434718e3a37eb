import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from './tests/support/chromium';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  // Five browsers on CI's two cores: a run mostly waits (on the job runner's moments, polls, animations) — one worker
  // used 0.28 of a core (`time`: 43 s of CPU for 153 s of email-platform.spec.ts); five together 0.86 of a core for the
  // whole run (166 tests in 9.3 min against 14.9 with three; docs/decisions/0027-ci-time.md).
  workers: Number(process.env.E2E_WORKERS ?? 5),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    // CHROME_PATH is resolved by the global setup (never downloaded).
    launchOptions: { executablePath: process.env.CHROME_PATH, args: CHROMIUM_FLAGS },
  },
});
