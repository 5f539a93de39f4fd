import { describe, expect, it } from 'vitest';
import { redact } from './redact';

describe('redact', () => {
  it('hides values under secret-looking keys, at any depth', () => {
    expect(
      redact({
        apiKey: 'abc',
        headers: { Authorization: 'Bearer xyz', accept: 'json' },
        env: { HOME: '/h', TOKEN: 't' },
        list: [{ refresh_token: 'r' }],
      }),
    ).toEqual({
      apiKey: '[redacted]',
      headers: { Authorization: '[redacted]', accept: 'json' },
      env: '[redacted]',
      list: [{ refresh_token: '[redacted]' }],
    });
  });

  it('hides key-shaped substrings in free text', () => {
    expect(redact('failed with key sk-ant-api03-abcdefghijkl and Bearer abc.def.ghi123')).toBe(
      'failed with key [redacted] and [redacted]',
    );
  });

  it('hides OAuth material: tokens, client secrets, verifiers, codes, in keys and in URLs', () => {
    expect(
      redact({
        tokens: { access_token: 'at-1', refresh_token: 'rt-1', token_type: 'Bearer' },
        client: { client_id: 'public-id', client_secret: 'cs-1' },
        codeVerifier: 'v-1',
        code_verifier: 'v-2',
        code: 'MCP_CLOSED',
        issuer: 'https://as.example',
      }),
    ).toEqual({
      tokens: '[redacted]',
      client: { client_id: 'public-id', client_secret: '[redacted]' },
      codeVerifier: '[redacted]',
      code_verifier: '[redacted]',
      code: 'MCP_CLOSED',
      issuer: 'https://as.example',
    });
    expect(
      redact(
        'GET http://127.0.0.1:5000/callback?code=abc123&state=s1&iss=https%3A%2F%2Fas then grant_type=refresh_token&refresh_token=rt-9&client_secret=cs-9 (Basic authentication)',
      ),
    ).toBe(
      'GET http://127.0.0.1:5000/callback?code=[redacted]&state=s1&iss=https%3A%2F%2Fas then grant_type=refresh_token&refresh_token=[redacted]&client_secret=[redacted] (Basic authentication)',
    );
  });
});
