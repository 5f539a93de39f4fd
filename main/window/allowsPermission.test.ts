import { describe, expect, it } from 'vitest';
import { allowsPermission } from './allowsPermission';

describe('allowsPermission', () => {
  const origins = ['app://switchboard'];

  it('lets the app page write to the clipboard and nothing else', () => {
    expect(
      allowsPermission('clipboard-sanitized-write', 'app://switchboard/index.html', origins),
    ).toBe(true);
    for (const permission of ['clipboard-read', 'media', 'notifications', 'geolocation']) {
      expect(allowsPermission(permission, 'app://switchboard/index.html', origins)).toBe(false);
    }
  });

  it('refuses other origins, also for the clipboard', () => {
    for (const url of ['https://example.com/', 'app://other/index.html', undefined, 'not a url']) {
      expect(allowsPermission('clipboard-sanitized-write', url, origins)).toBe(false);
    }
  });
});
