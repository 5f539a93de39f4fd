import type { WebPreferences } from 'electron';
import { describe, expect, it } from 'vitest';
import { assertWindowSecurity } from './assertWindowSecurity';
import { secureWebPreferences } from './secureWebPreferences';

describe('assertWindowSecurity', () => {
  it('accepts the preferences windows are created with', () => {
    const prefs = secureWebPreferences('/app/preload.cjs');
    expect(() => assertWindowSecurity(prefs)).not.toThrow();
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
  });

  const insecure: [string, Partial<WebPreferences>][] = [
    ['contextIsolation', { contextIsolation: false }],
    ['sandbox', { sandbox: false }],
    ['nodeIntegration', { nodeIntegration: true }],
    ['nodeIntegrationInWorker', { nodeIntegrationInWorker: true }],
    ['nodeIntegrationInSubFrames', { nodeIntegrationInSubFrames: true }],
    ['webSecurity', { webSecurity: false }],
    ['allowRunningInsecureContent', { allowRunningInsecureContent: true }],
    ['experimentalFeatures', { experimentalFeatures: true }],
    ['webviewTag', { webviewTag: true }],
    ['preload', { preload: '' }],
    ['Auxclick', { disableBlinkFeatures: '' }],
  ];
  it.each(insecure)('rejects an insecure %s', (key, change) => {
    const prefs = { ...secureWebPreferences('/app/preload.cjs'), ...change };
    expect(() => assertWindowSecurity(prefs)).toThrow(new RegExp(key));
  });

  it('rejects settings left to Electron defaults', () => {
    expect(() => assertWindowSecurity({ preload: '/p.cjs' })).toThrow(/contextIsolation/);
  });
});
