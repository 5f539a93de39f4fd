import { defineConfig } from '@playwright/test';

/**
 * End-to-end: the real renderer in Debian's Chromium, through the web shell (project "web").
 * Browsers are never downloaded; CHROMIUM_PATH overrides the system binary. Project "electron"
 * drives the desktop app with Playwright's _electron wherever Electron's binary is installed
 * (skipped, and said so, where it is not) and reads fuses back from electron-builder's output.
 */
export default defineConfig({
  outputDir: 'test-results',
  // Specs run against out/: refuse a missing or stale build instead of testing old code.
  globalSetup: './e2e/fixtures/checkBuildFresh.ts',
  fullyParallel: false,
  // Two spec files at a time: a spec mostly waits on servers, shells and timers, and one at a
  // time left a 2-core machine half idle (22 against 15-18 minutes). Specs must hold under that
  // load: wait for what the page shows, never for a moment.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./e2e/electron/skipNotice.ts']],
  projects: [
    { name: 'web', testDir: 'e2e/specs' },
    // Launching Electron and restarting it take longer than a page.
    { name: 'electron', testDir: 'e2e/electron', timeout: 120_000 },
  ],
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
    // A failed test keeps its trace (DOM snapshots, network, console) in test-results/.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
  },
});
