import { describe, expect, it } from 'vitest';
import { sandboxUrlFor } from './sandboxUrl';

describe('sandboxUrlFor', () => {
  it('uses the name the page was opened at, so the token cookie goes along', () => {
    expect(sandboxUrlFor('http://127.0.0.1:5001/frame/abc', 'localhost')).toBe(
      'http://localhost:5001/frame/abc',
    );
    expect(sandboxUrlFor('http://127.0.0.1:5001/frame/abc', '127.0.0.1')).toBe(
      'http://127.0.0.1:5001/frame/abc',
    );
    expect(sandboxUrlFor('switchboard-app://sandbox/frame/abc', 'switchboard')).toBe(
      'switchboard-app://sandbox/frame/abc',
    );
  });
});
