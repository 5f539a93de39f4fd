import { defineConfig } from '@playwright/test';

/**
 * End-to-end: the real renderer in Debian's Chromium, through the web shell. Browsers are
 * never downloaded; CHROMIUM_PATH overrides the system binary.
 */
export default defineConfig({
  testDir: 'e2e/specs',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1200, height: 760 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
    trace: 'off',
  },
});
