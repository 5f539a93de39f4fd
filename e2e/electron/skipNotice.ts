import type { FullConfig, Reporter, Suite } from '@playwright/test/reporter';
import { electronSkipReason } from './electronShell';

/**
 * Says once, after the summary, that the desktop tests were skipped and why, when the run
 * selected any (they are reported as skipped by the runner itself, never as passed).
 */
export default class ElectronSkipNotice implements Reporter {
  private selected = false;

  onBegin(_config: FullConfig, suite: Suite): void {
    this.selected = suite
      .allTests()
      .some(
        (test) =>
          test.parent.project()?.name === 'electron' && test.location.file.includes('desktop'),
      );
  }

  onEnd(): void {
    if (this.selected && electronSkipReason) {
      process.stdout.write(`Electron end-to-end: skipped (${electronSkipReason})\n`);
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
