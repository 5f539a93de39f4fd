import { describe, expect, it } from 'vitest';
import { buildAppCsp } from './buildAppCsp';

const options = {
  frameAncestors: ['http://127.0.0.1:4000'],
  hostOrigins: ['http://127.0.0.1:4000', 'http://127.0.0.1:4001', 'http://localhost:4001'],
  localNames: ['my-box'],
};

function directives(header: string): Record<string, string> {
  return Object.fromEntries(
    header.split('; ').map((d) => {
      const [name = '', ...rest] = d.split(' ');
      return [name, rest.join(' ')];
    }),
  );
}

describe('buildAppCsp', () => {
  it('is the restrictive default when nothing is declared', () => {
    const { header, applied, ignored } = buildAppCsp({}, options);
    const d = directives(header);
    expect(d['default-src']).toBe("'none'");
    expect(d['connect-src']).toBe("'none'");
    expect(d['frame-src']).toBe("'none'");
    expect(d['object-src']).toBe("'none'");
    expect(d['form-action']).toBe("'none'");
    expect(d['base-uri']).toBe("'self'");
    // The extension's own policy inside an App's own origin: eval, inline, data:/blob: workers.
    expect(d['script-src']).toBe("'self' 'unsafe-inline' 'unsafe-eval' data: blob:");
    expect(d['worker-src']).toBe('blob: data:');
    expect(d['style-src']).toBe("'self' 'unsafe-inline'");
    expect(d['img-src']).toBe("'self' data: blob:");
    expect(d['frame-ancestors']).toBe('http://127.0.0.1:4000');
    expect(header).not.toMatch(/https?:\/\/(?!127\.0\.0\.1:4000)/);
    expect(applied).toEqual({});
    expect(ignored).toEqual([]);
  });

  it('adds each declared origin to its directives only', () => {
    const { header, applied } = buildAppCsp(
      {
        connectDomains: ['https://api.example.com', 'wss://live.example.com'],
        resourceDomains: ['https://*.cdn.example.net'],
        frameDomains: ['https://www.youtube.com'],
        baseUriDomains: ['https://base.example.com'],
      },
      options,
    );
    const d = directives(header);
    expect(d['connect-src']).toBe('https://api.example.com wss://live.example.com');
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src']) {
      expect(d[name]).toContain('https://*.cdn.example.net');
      expect(d[name]).not.toContain('api.example.com');
    }
    expect(d['frame-src']).toBe('https://www.youtube.com');
    expect(d['base-uri']).toBe('https://base.example.com');
    expect(applied.connectDomains).toHaveLength(2);
  });

  it('ignores (and reports) anything that is not a plain origin, and the host itself', () => {
    const hostile = [
      "'unsafe-eval'",
      'https://ok.example.com; script-src *',
      '*',
      'https:',
      'data:',
      'https://a.example.com https://b.example.com',
      'javascript:alert(1)',
      'http://127.0.0.1:4001',
      'http://127.0.0.1:*',
      'http://localhost:*',
    ];
    const { header, applied, ignored } = buildAppCsp({ connectDomains: hostile }, options);
    expect(directives(header)['connect-src']).toBe("'none'");
    expect(applied).toEqual({});
    expect(ignored.map((i) => i.source)).toEqual(hostile);
    expect(ignored.every((i) => i.directive === 'connectDomains')).toBe(true);
    expect(header.split('; ')).toHaveLength(13);
  });

  // Every spelling of this computer, under every scheme, and every port the host listens on.
  const refused: [string, string][] = [
    ['ws://127.0.0.1:4000', 'loopback'],
    ['wss://127.0.0.1:4000', 'loopback'],
    ['http://127.0.0.1:5173', 'loopback'],
    ['http://127.0.0.1', 'loopback'],
    ['https://127.0.0.1/path', 'loopback'],
    ['http://*.0.0.1:4000', 'loopback'],
    ['http://*.0.0.1', 'loopback'],
    ['ws://*.1', 'loopback'],
    ['https://*.0x1', 'loopback'],
    ['http://*.0.1:*', 'loopback'],
    ['http://localhost', 'loopback'],
    ['wss://LOCALHOST:9', 'loopback'],
    ['http://app.localhost:8080', 'loopback'],
    ['https://*.localhost', 'loopback'],
    ['http://localhost.localdomain', 'loopback'],
    ['http://*.localdomain', 'loopback'],
    ['ws://ip6-localhost:4000', 'loopback'],
    ['http://my-box:8080', 'loopback'],
    ['http://127.1', 'loopback'],
    ['http://0x7f.1:4000', 'loopback'],
    ['ws://2130706433:4000', 'loopback'],
    ['http://0x7f000001', 'loopback'],
    ['http://0177.0.0.1', 'loopback'],
    ['http://127.000.000.001', 'loopback'],
    ['http://127.255.255.254:8080', 'loopback'],
    ['http://0.0.0.0:4000', 'loopback'],
    ['http://0', 'loopback'],
    ['http://[::1]:4000', 'not-a-source'],
    ['http://[::ffff:127.0.0.1]', 'not-a-source'],
    ['ws://[0:0:0:0:0:0:0:1]:4000', 'not-a-source'],
    ['http://999.1.1.1', 'not-a-source'],
    ['ws:', 'not-a-source'],
    ['http:', 'not-a-source'],
    ['wss:', 'not-a-source'],
    ['*', 'not-a-source'],
    ['http://*', 'not-a-source'],
    ['http://*:4000', 'not-a-source'],
    ['https://example.com:4000', 'host-port'],
    ['wss://example.com:4001/socket', 'host-port'],
    ['http://localhost:4001', 'host-origin'],
  ];
  it.each(refused)('refuses %s (%s) in every directive', (source, refusal) => {
    const { header, applied, ignored } = buildAppCsp(
      {
        connectDomains: [source],
        resourceDomains: [source],
        frameDomains: [source],
        baseUriDomains: [source],
      },
      options,
    );
    expect(applied).toEqual({});
    expect(ignored.map((i) => [i.directive, i.refusal])).toEqual([
      ['connectDomains', refusal],
      ['resourceDomains', refusal],
      ['frameDomains', refusal],
      ['baseUriDomains', refusal],
    ]);
    const d = directives(header);
    expect(d['connect-src']).toBe("'none'");
    expect(d['frame-src']).toBe("'none'");
    expect(d['base-uri']).toBe("'self'");
    expect(d['script-src']).toBe("'self' 'unsafe-inline' 'unsafe-eval' data: blob:");
    const { 'frame-ancestors': _ancestors, ...granted } = d;
    expect(Object.values(granted).join(' ')).not.toContain(source);
  });

  it('keeps origins elsewhere: names, other addresses, wildcards over names', () => {
    const fine = [
      'https://api.example.com',
      'wss://live.example.com:8443',
      'https://*.cdn.example.net',
      'http://10.0.0.5:8080',
      'https://1.2.3.4',
      'https://localhost.example.com',
      'https://example.com:*',
    ];
    const { header, ignored } = buildAppCsp({ connectDomains: fine }, options);
    expect(ignored).toEqual([]);
    expect(directives(header)['connect-src']).toBe(fine.join(' '));
  });
});
