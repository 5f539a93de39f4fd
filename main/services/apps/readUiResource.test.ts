import { describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { ReadResourceResult } from '../mcp/session/mcpTypes';
import { readUiResource, sha256, type UiResourceSource } from './readUiResource';

const URI = 'ui://test/app.html';
const MIME = 'text/html;profile=mcp-app';

function source(
  contents: ReadResourceResult['contents'],
  listed?: Record<string, unknown>,
): UiResourceSource {
  return {
    read: () => Promise.resolve({ contents }),
    listedMeta: () => Promise.resolve(listed),
  };
}

describe('readUiResource', () => {
  it('takes text or base64 HTML of the App type and hashes it', async () => {
    const html = '<!doctype html><p>你好</p>';
    const text = await readUiResource(URI, source([{ uri: URI, mimeType: MIME, text: html }]));
    const blob = await readUiResource(
      URI,
      source([
        {
          uri: URI,
          mimeType: 'text/html; profile=mcp-app',
          blob: Buffer.from(html).toString('base64'),
        },
      ]),
    );
    expect(text).toMatchObject({ ok: true, resource: { html, contentHash: sha256(html) } });
    expect(blob).toEqual(text);
  });

  it('lets the content item’s _meta.ui win over the list entry’s, field by field', async () => {
    const result = await readUiResource(
      URI,
      source(
        [
          {
            uri: URI,
            mimeType: MIME,
            text: '<p>x</p>',
            _meta: { ui: { csp: { connectDomains: ['https://item.example.com'] } } },
          },
        ],
        {
          ui: {
            csp: { connectDomains: ['https://listed.example.com'] },
            permissions: { camera: {}, microphone: {}, teleport: {} },
            prefersBorder: false,
            domain: 'abc.example.com',
          },
        },
      ),
    );
    expect(result).toMatchObject({
      ok: true,
      resource: {
        meta: {
          csp: { connectDomains: ['https://item.example.com'] },
          permissions: ['camera', 'microphone'],
          prefersBorder: false,
          domain: 'abc.example.com',
        },
      },
    });
  });

  it('refuses what is not an App: wrong type, too large, missing, unreadable', async () => {
    const kind = async (s: UiResourceSource, max?: number) => {
      const r = await readUiResource(URI, s, max);
      return r.ok ? 'ok' : r.failure.kind;
    };
    expect(await kind(source([{ uri: URI, mimeType: 'text/html', text: '<p>' }]))).toBe(
      'wrong-mime',
    );
    expect(await kind(source([{ uri: URI, text: '<p>' }]))).toBe('wrong-mime');
    expect(await kind(source([{ uri: URI, mimeType: MIME, text: 'x'.repeat(11) }]), 10)).toBe(
      'too-large',
    );
    expect(
      await kind(
        source([{ uri: URI, mimeType: MIME, blob: Buffer.alloc(11).toString('base64') }]),
        10,
      ),
    ).toBe('too-large');
    expect(await kind(source([]))).toBe('resource-missing');
    const failing = (error: AppError): UiResourceSource => ({
      read: () => Promise.reject(error),
      listedMeta: () => Promise.resolve(undefined),
    });
    expect(
      await kind(failing(new AppError(AppErrorCode.McpProtocol, 'Resource ui://x not found'))),
    ).toBe('resource-missing');
    expect(await kind(failing(new AppError(AppErrorCode.McpTimeout, 'Timed out')))).toBe(
      'read-failed',
    );
  });
});
