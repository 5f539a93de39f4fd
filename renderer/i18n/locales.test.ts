import { describe, expect, it } from 'vitest';
import { en } from './locales/en';
import { zhCN } from './locales/zhCN';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    keys(v, prefix ? `${prefix}.${k}` : k),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1] ?? '').sort();
}

describe('locales', () => {
  it('have the same keys', () => {
    expect(keys(zhCN).sort()).toEqual(keys(en).sort());
  });

  it('keep every interpolation placeholder', () => {
    const lookup = (tree: unknown, path: string): string =>
      path
        .split('.')
        .reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], tree) as string;
    for (const key of keys(en)) {
      expect(placeholders(lookup(zhCN, key)), key).toEqual(placeholders(lookup(en, key)));
    }
  });

  it('translate user-visible text (not copies of English)', () => {
    const same = keys(en).filter((key) => {
      const lookup = (tree: unknown): unknown =>
        key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], tree);
      return lookup(en) === lookup(zhCN);
    });
    // Product names and placeholders that are identical by design.
    expect(same.sort()).toEqual(['app.name', 'settings.apiKeyPlaceholder', 'settings.apiSection']);
  });
});
