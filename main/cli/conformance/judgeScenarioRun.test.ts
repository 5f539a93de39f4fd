import { describe, expect, it } from 'vitest';
import { judgeScenarioRun, type ScenarioRun, type SuiteCheck } from './judgeScenarioRun';

const ok: SuiteCheck = { id: 'tool-add-numbers', status: 'SUCCESS' };
const info: SuiteCheck = { id: 'incoming-request', status: 'INFO' };
const bad: SuiteCheck = { id: 'sep-x', status: 'FAILURE', errorMessage: 'nope' };
const warn: SuiteCheck = { id: 'sep-y', status: 'WARNING', name: 'SendsLastEventId' };

function run(overrides: Partial<ScenarioRun>): ScenarioRun {
  return {
    scenario: 'tools_call',
    suiteExitCode: 0,
    stdout: '',
    stderr: '',
    checks: [ok, info],
    ...overrides,
  };
}

const red = (text: string) => `\u001b[31m${text}\u001b[0m`;

describe('judgeScenarioRun', () => {
  it('passes a clean run and counts checks', () => {
    expect(judgeScenarioRun(run({}))).toEqual({
      status: 'passed',
      checks: { passed: 1, failed: 0, warnings: 0, skipped: 0 },
      clientExitCode: 0,
      problems: [],
    });
  });

  it('fails on checks the baseline does not list', () => {
    const verdict = judgeScenarioRun(
      run({
        suiteExitCode: 1,
        checks: [ok, bad, warn],
        stdout: `${red('\nUnexpected failures (not in baseline):')}\n  ✗ tools_call\n`,
      }),
    );
    expect(verdict.status).toBe('failed');
    expect(verdict.checks).toEqual({ passed: 1, failed: 1, warnings: 1, skipped: 0 });
    expect(verdict.problems).toEqual(['failed sep-x: nope', 'warning sep-y: SendsLastEventId']);
  });

  it('fails a run that exercised nothing: no check passed, or one was skipped', () => {
    const empty = judgeScenarioRun(run({ checks: [] }));
    expect(empty.status).toBe('failed');
    expect(empty.problems).toEqual(['no check passed: the scenario did not exercise the client']);
    const onlyInfo = judgeScenarioRun(run({ checks: [info] }));
    expect(onlyInfo.status).toBe('failed');
    const skipped: SuiteCheck = {
      id: 'sep-2640-host-verify-digest',
      status: 'SKIPPED',
      errorMessage: 'the client never called skills/list',
    };
    const verdict = judgeScenarioRun(run({ checks: [ok, skipped] }));
    expect(verdict.status).toBe('failed');
    expect(verdict.checks.skipped).toBe(1);
    expect(verdict.problems).toEqual([
      'skipped sep-2640-host-verify-digest: the client never called skills/list',
    ]);
  });

  it('accepts a check skipped for one case when it ran for others', () => {
    const header: SuiteCheck = { id: 'sep-2243-headers', status: 'SUCCESS' };
    const notSent: SuiteCheck = { id: 'sep-2243-headers', status: 'SKIPPED' };
    const verdict = judgeScenarioRun(run({ checks: [header, notSent, header] }));
    expect(verdict.status).toBe('passed');
    expect(verdict.checks.skipped).toBe(0);
  });

  it('accepts failures the baseline lists', () => {
    const verdict = judgeScenarioRun(
      run({
        checks: [ok, bad],
        stdout: '\nExpected failures (in baseline):\n  ~ tools_call:sep-x\n',
      }),
    );
    expect(verdict.status).toBe('expected-failure');
  });

  it('reports stale baseline entries', () => {
    const verdict = judgeScenarioRun(
      run({
        suiteExitCode: 1,
        stdout: '\nStale baseline entries (now passing - remove from baseline):\n  ✓ tools_call\n',
      }),
    );
    expect(verdict.status).toBe('stale');
    expect(verdict.problems).toEqual(['stale baseline entry (now passing): tools_call']);
  });

  it('fails a client that exited non-zero even when every check passed', () => {
    const verdict = judgeScenarioRun(
      run({ stderr: 'Executing client…\n\nClient exited with code 1\n\nStdout:\n' }),
    );
    expect(verdict.status).toBe('failed');
    expect(verdict.clientExitCode).toBe(1);
    expect(verdict.problems).toEqual(['the client exited with code 1']);
  });

  it('fails a client the suite had to kill', () => {
    const verdict = judgeScenarioRun(run({ stderr: '\nClient timed out after 30000ms\n' }));
    expect(verdict.status).toBe('failed');
    expect(verdict.clientExitCode).toBeNull();
  });

  it('lets a wholesale baseline entry excuse the client exit, but not a per-check one', () => {
    const failingClient = 'Client exited with code 1';
    expect(
      judgeScenarioRun(
        run({
          checks: [bad],
          stderr: failingClient,
          stdout: 'Expected failures (in baseline):\n  ~ tools_call\n',
        }),
      ).status,
    ).toBe('expected-failure');
    expect(
      judgeScenarioRun(
        run({
          checks: [bad],
          stderr: failingClient,
          stdout: 'Expected failures (in baseline):\n  ~ tools_call:sep-x\n',
        }),
      ).status,
    ).toBe('failed');
  });

  it('fails a run that recorded no checks', () => {
    const verdict = judgeScenarioRun(run({ suiteExitCode: 1, checks: undefined }));
    expect(verdict.status).toBe('failed');
    expect(verdict.problems).toEqual(['the suite recorded no checks (exit code 1)']);
  });

  it('accepts a refusal (non-zero exit) where the suite allows a client error, not a timeout', () => {
    const refused = run({
      scenario: 'auth/iss-wrong-issuer',
      clientErrorAllowed: true,
      stderr: '\nClient exited with code 1\n',
    });
    expect(judgeScenarioRun(refused)).toMatchObject({
      status: 'passed',
      clientExitCode: 1,
      problems: [],
    });
    const timedOut = run({
      scenario: 'auth/iss-wrong-issuer',
      clientErrorAllowed: true,
      stderr: '\nClient timed out after 30000ms\n',
    });
    expect(judgeScenarioRun(timedOut).status).toBe('failed');
    const notAllowed = run({ scenario: 'auth/iss-supported', stderr: 'Client exited with code 1' });
    expect(judgeScenarioRun(notAllowed).status).toBe('failed');
  });
});
