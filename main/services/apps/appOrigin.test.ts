import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  appOriginLabel,
  isOriginLabel,
  originLabelOfHost,
  webAppFrameSource,
  webAppOrigin,
} from './appOrigin';

const label = '0123456789abcdef'.repeat(2);

describe('App origins', () => {
  it('reads a frame’s label only from its own host on the sandbox port', () => {
    expect(originLabelOfHost(`${label}.localhost:4100`, 4100)).toBe(label);
    for (const host of [
      undefined,
      '',
      '127.0.0.1:4100',
      'localhost:4100',
      `${label}.localhost:4101`,
      `${label}.localhost`,
      `${label}.127.0.0.1:4100`,
      `${label}.localhost.evil.example:4100`,
      `a.${label}.localhost:4100`,
      `${label}0.localhost:4100`,
      `${label.toUpperCase()}.localhost:4100`,
    ]) {
      expect(originLabelOfHost(host, 4100), host).toBeUndefined();
    }
  });

  it('builds origins the page may frame, never the shell’s own', () => {
    expect(webAppOrigin(label, 4100)).toBe(`http://${label}.localhost:4100`);
    expect(webAppFrameSource(4100)).toBe('http://*.localhost:4100');
    expect(isOriginLabel(label)).toBe(true);
    expect(isOriginLabel('sandbox')).toBe(false);
  });

  it('gives one App one origin, two Apps two, and new ones every launch', () => {
    const secret = randomBytes(32);
    const counter = appOriginLabel(secret, 'apps', 'ui://apps/counter.html');
    expect(isOriginLabel(counter)).toBe(true);
    expect(appOriginLabel(secret, 'apps', 'ui://apps/counter.html')).toBe(counter);
    const others = [
      appOriginLabel(secret, 'apps', 'ui://apps/clock.html'),
      appOriginLabel(secret, 'other', 'ui://apps/counter.html'),
      // No joining of server and resource can make two Apps one.
      appOriginLabel(secret, 'apps"', 'ui://apps/counter.html'),
      appOriginLabel(secret, 'ap', 'psui://apps/counter.html'),
      appOriginLabel(randomBytes(32), 'apps', 'ui://apps/counter.html'),
    ];
    expect(new Set([counter, ...others]).size).toBe(others.length + 1);
  });
});
