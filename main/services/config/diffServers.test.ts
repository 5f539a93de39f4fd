import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REQUEST_MS,
  DEFAULT_STARTUP_MS,
  type ServerConfig,
} from '../../../shared/domain/serverConfig';
import { diffServers } from './diffServers';
import { parseServersText } from './parseServersText';
import { envLookup } from '../base/substituteEnv';

const base = {
  disabled: false,
  timeouts: { startupMs: DEFAULT_STARTUP_MS, requestMs: DEFAULT_REQUEST_MS },
  protocol: 'auto' as const,
};
const stdio = (name: string, extra: Partial<ServerConfig> = {}): ServerConfig =>
  ({
    ...base,
    name,
    transport: 'stdio',
    command: 'node',
    args: [],
    env: {},
    ...extra,
  }) as ServerConfig;

describe('diffServers', () => {
  it('sorts servers into added, removed, changed and unchanged by name', () => {
    const prev = [stdio('keep'), stdio('change'), stdio('drop'), stdio('toggle')];
    const next = [
      stdio('keep'),
      stdio('change', { args: ['--v2'] }),
      stdio('toggle', { disabled: true }),
      stdio('new'),
    ];
    const diff = diffServers(prev, next);
    expect(diff.added.map((s) => s.name)).toEqual(['new']);
    expect(diff.removed.map((s) => s.name)).toEqual(['drop']);
    expect(diff.changed.map((c) => c.name)).toEqual(['change', 'toggle']);
    expect(diff.changed[0]?.previous).toBe(prev[1]);
    expect(diff.changed[0]?.next).toBe(next[1]);
    expect(diff.unchanged.map((s) => s.name)).toEqual(['keep']);
  });

  it('compares deeply: key order does not matter, arg order and nested values do', () => {
    const a = stdio('a', { env: { A: '1', B: '2' } });
    const reordered = { ...stdio('a'), env: { B: '2', A: '1' } } as ServerConfig;
    expect(diffServers([a], [reordered]).unchanged).toHaveLength(1);
    const args1 = stdio('a', { args: ['x', 'y'] });
    const args2 = stdio('a', { args: ['y', 'x'] });
    expect(diffServers([args1], [args2]).changed).toHaveLength(1);
    const timeouts = stdio('a', { timeouts: { startupMs: 1, requestMs: DEFAULT_REQUEST_MS } });
    expect(diffServers([stdio('a')], [timeouts]).changed).toHaveLength(1);
    const withCwd = stdio('a', { cwd: '/x' });
    expect(diffServers([stdio('a')], [withCwd]).changed).toHaveLength(1);
    expect(diffServers([withCwd], [{ ...withCwd }]).unchanged).toHaveLength(1);
  });

  it('treats a transport change as a change', () => {
    const http = {
      ...base,
      name: 'a',
      transport: 'http',
      url: 'http://a.test',
      headers: {},
    } as ServerConfig;
    expect(diffServers([stdio('a')], [http]).changed).toHaveLength(1);
  });

  it('sees only real changes across two reloads of an edited file', () => {
    const env = envLookup({ TOKEN: 't' });
    const before = parseServersText(
      '{"mcpServers": {"a": {"command": "x"}, "b": {"url": "http://b.test", "headers": {"A": "${env:TOKEN}"}}}}',
      env,
    );
    // Same meaning written differently (defaults spelled out, keys reordered, unknown key added).
    const after = parseServersText(
      '{"mcpServers": {"b": {"headers": {"A": "${env:TOKEN}"}, "type": "http", "url": "http://b.test"}, "a": {"args": [], "command": "x", "protocol": "auto", "note": 1}}}',
      env,
    );
    const diff = diffServers(before.servers, after.servers);
    expect(diff.unchanged.map((s) => s.name)).toEqual(['b', 'a']);
    expect(diff.changed).toEqual([]);
  });
});
