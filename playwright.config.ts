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
  // One spec file at a time: with two, a CI run failed once (a theme choice not saved within
  // 10 s in trustSecrets.spec.ts) on a loaded machine.
  workers: 1,
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
