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
});
