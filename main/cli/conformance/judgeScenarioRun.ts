// Also imported by scripts/conformance.mjs through Node's type stripping: keep this file free
// of imports and of syntax that needs more than erasing types.

/** One entry of the suite's `checks.json`. */
export interface SuiteCheck {
  id: string;
  name?: string;
  status: string;
  errorMessage?: string;
}

/** What one `conformance client --scenario … --expected-failures …` run left behind. */
export interface ScenarioRun {
  scenario: string;
  /** Exit code of the suite process (it already applies the baseline); null if killed. */
  suiteExitCode: number | null;
  /** The suite's stdout: its baseline verdict is printed there. */
  stdout: string;
  /** The suite's stderr: it reports there how our client exited. */
  stderr: string;
  /** The scenario's `checks.json`, when the suite got as far as writing it. */
  checks: SuiteCheck[] | undefined;
  /**
   * The suite lets the client exit with an error here (it checks a refusal, e.g. of a
   * mismatched issuer): a non-zero exit is then not a problem; a timeout still is.
   */
  clientErrorAllowed?: boolean;
}

/**
 * `passed`: every check passed (at least one; none only ever skipped) and the client exited 0. `expected-failure`: it failed only in
 * ways the baseline lists. `failed`: it failed in a way the baseline does not list. `stale`: the
 * baseline lists a failure that no longer happens.
 */
export type ScenarioStatus = 'passed' | 'expected-failure' | 'failed' | 'stale';

/** The verdict on one scenario run, with the reasons when it did not pass. */
export interface ScenarioVerdict {
  status: ScenarioStatus;
  checks: { passed: number; failed: number; warnings: number; skipped: number };
  /** Our client's exit code, `null` when the suite killed it at its timeout. */
  clientExitCode: number | null;
  /** Failing checks, client exit problems, stale baseline entries: one line each. */
  problems: string[];
}

// eslint-disable-next-line no-control-regex -- ANSI colour codes are control characters
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * Judges one scenario run. The suite's baseline handling only looks at checks, yet a client
 * that exits non-zero has not completed the scenario's flow: that fails the scenario too,
 * unless the baseline expects the whole scenario to fail or the scenario expects a refusal.
 */
export function judgeScenarioRun(run: ScenarioRun): ScenarioVerdict {
  const stdout = run.stdout.replace(ANSI, '');
  const expected = entries(stdout, '~');
  const stale = entries(stdout, '✓');
  const unexpected = entries(stdout, '✗');
  const clientExitCode = clientExit(run.stderr.replace(ANSI, ''));
  const checks = run.checks ?? [];
  const failing = checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING');
  const problems = failing.map(
    (c) =>
      `${c.status === 'WARNING' ? 'warning' : 'failed'} ${c.id}: ${c.errorMessage ?? c.name ?? ''}`,
  );
  const clientProblem =
    clientExitCode === null
      ? 'the client timed out'
      : clientExitCode !== 0 && !run.clientErrorAllowed
        ? `the client exited with code ${clientExitCode}`
        : undefined;
  if (clientProblem) problems.push(clientProblem);
  // A scenario that never engaged the client (0/0, or a check that only ever skipped) proves
  // nothing. A check skipped for one case and run for others (a header on a method the era
  // does not send) did run.
  const skipped = checks.filter(
    (c) => c.status === 'SKIPPED' && checks.every((o) => o.id !== c.id || o.status === 'SKIPPED'),
  );
  problems.push(...skipped.map((c) => `skipped ${c.id}: ${c.errorMessage ?? c.name ?? ''}`));
  const vacuous = run.checks !== undefined && !checks.some((c) => c.status === 'SUCCESS');
  if (vacuous) problems.push('no check passed: the scenario did not exercise the client');
  problems.push(...stale.map((entry) => `stale baseline entry (now passing): ${entry}`));
  if (!run.checks) {
    problems.push(`the suite recorded no checks (exit code ${String(run.suiteExitCode)})`);
  }
  const verdict = (status: ScenarioStatus): ScenarioVerdict => ({
    status,
    checks: {
      passed: checks.filter((c) => c.status === 'SUCCESS').length,
      failed: checks.filter((c) => c.status === 'FAILURE').length,
      warnings: checks.filter((c) => c.status === 'WARNING').length,
      skipped: skipped.length,
    },
    clientExitCode,
    problems,
  });

  if (!run.checks) return verdict('failed');
  if (unexpected.length > 0 || (run.suiteExitCode !== 0 && stale.length === 0)) {
    return verdict('failed');
  }
  const unproven = clientProblem !== undefined || vacuous || skipped.length > 0;
  if (unproven && !expected.includes(run.scenario)) return verdict('failed');
  if (stale.length > 0) return verdict('stale');
  if (failing.length > 0 || unproven) return verdict('expected-failure');
  return verdict('passed');
}

/** Baseline entries the suite listed after `  ~ ` (expected), `  ✓ ` (stale) or `  ✗ `. */
function entries(stdout: string, mark: string): string[] {
  const found: string[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed.startsWith(`${mark} `)) found.push(trimmed.slice(mark.length + 1).trim());
  }
  return found;
}

/** The suite says so only when the client did not exit 0; `null` means it timed out. */
function clientExit(stderr: string): number | null {
  if (/Client timed out after/.test(stderr)) return null;
  const match = /Client exited with code (-?\d+)/.exec(stderr);
  return match?.[1] === undefined ? 0 : Number(match[1]);
}
