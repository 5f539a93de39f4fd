import { describe, expect, it } from 'vitest';
import type { View } from '../../stores/appStore';
import { hashToView, viewToHash } from './routes';

describe('routes', () => {
  const views: View[] = [
    { kind: 'home' },
    { kind: 'settings' },
    { kind: 'settings', section: 'registry' },
    { kind: 'config' },
    { kind: 'server', name: 'files' },
    { kind: 'server', name: 'a/b c#d' },
    { kind: 'serverForm' },
    { kind: 'serverForm', name: 'files' },
    { kind: 'registry' },
    { kind: 'bundle' },
    { kind: 'tasks' },
    { kind: 'chat', id: null },
    { kind: 'chat', id: '3f2c-9a' },
  ];

  it('give every screen an address that leads back to it', () => {
    for (const view of views) expect(hashToView(viewToHash(view))).toEqual(view);
  });

  it('drop the transient import flag from the servers file address', () => {
    expect(viewToHash({ kind: 'config', importing: true })).toBe('#/servers-file');
  });

  it('know no screen for no address, an unknown one, or a broken one', () => {
    expect(hashToView('')).toBeUndefined();
    expect(hashToView('#/nowhere')).toBeUndefined();
    expect(hashToView('#/server/')).toBeUndefined();
    expect(hashToView('#/chat/%E0%A4%A')).toBeUndefined();
    expect(hashToView('#/')).toEqual({ kind: 'home' });
  });
});
