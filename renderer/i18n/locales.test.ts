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

  it('name the secret store with one Chinese word everywhere (密钥存储)', () => {
    const texts = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : Object.values(value as Record<string, unknown>).flatMap(texts);
    // Other names it had: 机密存储, 秘密存储, 密钥库, 机密库, 凭据存储.
    const others = /机密存储|秘密存储|密钥库|机密库|凭据存储/;
    expect(texts(zhCN).filter((text) => others.test(text))).toEqual([]);
    expect(texts(zhCN).filter((text) => text.includes('密钥存储')).length).toBeGreaterThan(10);
  });

  it('say counts with plural forms ("1 definition", never "1 definitions")', () => {
    const lookup = (path: string): string =>
      path
        .split('.')
        .reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], en) as string;
    // A count followed by a word is a count of things: i18next picks _one or _other by it.
    const counted = /\{\{count\}\}\s*\p{L}/u;
    // Main's messages have no plural forms: this one has a message of its own for one server.
    const oneSaidApart = ['host.config.serversKept'];
    const unplural = keys(en).filter(
      (key) =>
        !/_(zero|one|two|few|many|other)$/.test(key) &&
        !oneSaidApart.includes(key) &&
        counted.test(lookup(key)),
    );
    expect(unplural).toEqual([]);
  });

  it('translate user-visible text (not copies of English)', () => {
    const same = keys(en).filter((key) => {
      const lookup = (tree: unknown): unknown =>
        key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], tree);
      return lookup(en) === lookup(zhCN);
    });
    // Product names and placeholders that are identical by design.
    expect(same.sort()).toEqual([
      'app.name',
      // Main's message for words from elsewhere, and the JSON keyword null.
      'host.config.kinds.null',
      'host.foreign',
      // The abbreviation reads the same in both.
      'onDemand.screen.cpu',
      'providers.kinds.anthropic',
      'providers.presets.openai',
      'providers.presets.openrouter',
    ]);
  });
});

describe('keys used in code', () => {
  // Source of every renderer module, to find the keys passed to t().
  const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const has = (path: string): boolean => {
    const node = path
      .split('.')
      .reduce<unknown>(
        (n, k) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[k] : undefined),
        en,
      );
    return node !== undefined;
  };
  const plural = (key: string): boolean => has(`${key}_one`) && has(`${key}_other`);

  it('exist in the English locale (plural forms and dynamic groups included)', () => {
    const missing: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      for (const match of text.matchAll(/\bt\(\s*(['`])([\w.]+)(\$\{[^}]*\})?\1/g)) {
        const key = match[2] ?? '';
        // `group.${x}`: the group must exist; the members are checked by type elsewhere.
        const ok = match[3] ? has(key.replace(/\.$/, '')) : has(key) || plural(key);
        if (!ok) missing.push(`${file}: ${key}`);
      }
      for (const match of text.matchAll(/'((?:status|tools|server|failure)\.[\w.]+)'/g)) {
        const key = match[1] ?? '';
        if (!has(key) && !plural(key)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
