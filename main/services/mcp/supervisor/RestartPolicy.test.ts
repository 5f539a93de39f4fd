import { describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../../shared/errors';
import { RestartPolicy } from './RestartPolicy';
import { isInstallActivity } from './isInstallActivity';

describe('RestartPolicy', () => {
  const policy = () =>
    new RestartPolicy({
      baseMs: 1000,
      maxMs: 8000,
      maxAttempts: 5,
      stableMs: 60_000,
      random: () => 0.5,
    });

  it('backs off exponentially up to the cap, then gives up on a crash loop', () => {
    const p = policy();
    const delays = [1, 2, 3, 4, 5].map(() => p.onFailure(0, AppErrorCode.McpClosed));
    expect(delays.map((d) => (d.kind === 'retry' ? d.delayMs : -1))).toEqual([
      1000, 2000, 4000, 8000, 8000,
    ]);
    expect(p.onFailure(0, AppErrorCode.McpClosed)).toEqual({
      kind: 'give-up',
      attempts: 6,
      reason: 'crash-loop',
    });
  });

  it('starts over after a stable run', () => {
    const p = policy();
    p.onFailure(0, AppErrorCode.McpClosed);
    p.onFailure(0, AppErrorCode.McpClosed);
    p.onReady(1000);
    expect(p.onFailure(70_000, AppErrorCode.McpClosed)).toMatchObject({ attempt: 1 });
  });

  it('does not retry what another attempt cannot fix', () => {
    expect(policy().onFailure(0, AppErrorCode.McpSpawnFailed)).toMatchObject({
      kind: 'give-up',
      reason: 'not-retryable',
    });
  });

  it('does not retry a server that wants a sign-in', () => {
    expect(policy().onFailure(0, AppErrorCode.McpAuthRequired)).toMatchObject({
      kind: 'give-up',
      reason: 'not-retryable',
    });
  });
});

describe('isInstallActivity', () => {
  it('recognises package managers at work', () => {
    for (const line of [
      'npm warn exec The following package was not found and will be installed: x@1',
      'npm http fetch GET 200 https://registry.npmjs.org/x',
      'Need to install the following packages:',
      'added 87 packages in 12s',
      'Resolved 12 packages in 40ms',
      'Downloading pydantic-core (1.9MiB)',
      'Installed 5 packages in 9ms',
    ]) {
      expect(isInstallActivity(line), line).toBe(true);
    }
    expect(isInstallActivity('Server listening on stdio')).toBe(false);
    expect(isInstallActivity('Error: cannot read config')).toBe(false);
  });
});
