import { describe, expect, it } from 'vitest';
import { buildAppCsp } from './buildAppCsp';

const options = {
  frameAncestors: ['http://127.0.0.1:4000'],
  hostOrigins: ['http://127.0.0.1:4000', 'http://127.0.0.1:4001'],
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
    expect(d['script-src']).toBe("'self' 'unsafe-inline'");
    expect(d['img-src']).toBe("'self' data: blob:");
    expect(d['frame-ancestors']).toBe('http://127.0.0.1:4000');
    expect(header).not.toContain('unsafe-eval');
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
    expect(header.split('; ')).toHaveLength(13);
  });

  it('keeps a declared loopback origin on another port (an App talking to a local service)', () => {
    const { header } = buildAppCsp({ connectDomains: ['http://127.0.0.1:5173'] }, options);
    expect(directives(header)['connect-src']).toBe('http://127.0.0.1:5173');
  });
});
