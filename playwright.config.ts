import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from './tests/support/chromium';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  // Three browsers on CI's two cores: a run mostly waits (on the job runner's moments, polls, animations) — the whole
  // suite used 0.3–0.6 of a core per worker (`time`: 37 s of CPU for 153 s of email-platform.spec.ts in one worker).
  workers: Number(process.env.E2E_WORKERS ?? 3),
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
