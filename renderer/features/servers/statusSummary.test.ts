import { describe, expect, it } from 'vitest';
import { failed, ready } from '../../testing/fixtures';
import { filterLogs, filterTraffic } from './streamFilters';
import { statusSummary } from './statusSummary';
import { logEntry, trafficEntry } from '../../testing/fixtures';
import { formatBytes, formatDuration, prettyPreview } from './formatters';

describe('statusSummary', () => {
  it('says each status in a few words with a tone', () => {
    expect(statusSummary(ready(), 0)).toEqual({ tone: 'ok', key: 'status.ready', params: {} });
    expect(statusSummary(failed(), 0).tone).toBe('error');
    expect(statusSummary({ kind: 'disabled' }, 0).key).toBe('status.disabled');
    expect(statusSummary({ kind: 'starting', since: 1 }, 0).tone).toBe('busy');
    expect(statusSummary({ kind: 'remembered', toolCount: 3, learnedAt: 1 }, 0)).toEqual({
      tone: 'off',
      key: 'onDemand.status.remembered',
      params: {},
    });
    expect(
      statusSummary({ kind: 'remembered', toolCount: 3, learnedAt: 1, idleStoppedAt: 2 }, 0).key,
    ).toBe('onDemand.status.idleStopped');
  });

  it('counts down to the next restart, then says it is restarting', () => {
    const status = {
      kind: 'restarting' as const,
      attempt: 2,
      nextRetryAt: 10_000,
      lastFailure: {
        code: 'MCP_CLOSED',
        message: 'x',
        text: { key: 'foreign' as const, params: { text: 'x' } },
        stderrTail: [],
        at: 1,
      },
    };
    expect(statusSummary(status, 5_500)).toEqual({
      tone: 'busy',
      key: 'status.restartingIn',
      params: { seconds: 5 },
    });
    expect(statusSummary(status, 10_001).key).toBe('status.restartingNow');
  });
});

describe('stream filters and formatting', () => {
  it('filters logs by text, level or source', () => {
    const entries = [
      logEntry(1, 'Listening on stdio'),
      { ...logEntry(2, 'boom'), level: 'error' },
      { ...logEntry(3, 'note'), source: 'host' as const },
    ];
    expect(filterLogs(entries, 'listening').map((e) => e.seq)).toEqual([1]);
    expect(filterLogs(entries, 'ERROR').map((e) => e.seq)).toEqual([2]);
    expect(filterLogs(entries, 'host').map((e) => e.seq)).toEqual([3]);
    expect(filterLogs(entries, '  ')).toBe(entries);
  });

  it('filters traffic by method, kind, id or content', () => {
    const entries = [
      trafficEntry(1, { method: 'tools/call', id: 7 }),
      trafficEntry(2, { kind: 'notification', method: 'notifications/progress', id: undefined }),
      trafficEntry(3, { method: 'ping', preview: '{"secret":"needle"}' }),
    ];
    expect(filterTraffic(entries, 'tools/').map((e) => e.seq)).toEqual([1]);
    expect(filterTraffic(entries, 'notification').map((e) => e.seq)).toEqual([2]);
    expect(filterTraffic(entries, '7').map((e) => e.seq)).toEqual([1]);
    expect(filterTraffic(entries, 'needle').map((e) => e.seq)).toEqual([3]);
  });

  it('formats sizes, durations and previews', () => {
    expect([formatBytes(512), formatBytes(3481), formatBytes(5 * 1024 * 1024)]).toEqual([
      '512 B',
      '3.4 KB',
      '5.0 MB',
    ]);
    expect([formatDuration(85.4), formatDuration(1420)]).toEqual(['85 ms', '1.42 s']);
    expect(prettyPreview('{"a":1}', false)).toBe('{\n  "a": 1\n}');
    expect(prettyPreview('{"a":', true)).toBe('{"a":');
  });
});
