import { describe, expect, it } from 'vitest';
import { sandboxUrlFor } from './sandboxUrl';

describe('sandboxUrlFor', () => {
  it('uses the loopback name the page was not opened at, so the frame is another site', () => {
    expect(sandboxUrlFor('http://127.0.0.1:5001/frame/abc?key=k', '127.0.0.1')).toBe(
      'http://localhost:5001/frame/abc?key=k',
    );
    expect(sandboxUrlFor('http://127.0.0.1:5001/frame/abc?key=k', 'localhost')).toBe(
      'http://127.0.0.1:5001/frame/abc?key=k',
    );
    expect(sandboxUrlFor('http://localhost:5001/frame/abc', 'localhost')).toBe(
      'http://127.0.0.1:5001/frame/abc',
    );
  });

  it('leaves other URLs alone', () => {
    expect(sandboxUrlFor('switchboard-app://sandbox/frame/abc', 'switchboard')).toBe(
      'switchboard-app://sandbox/frame/abc',
    );
    expect(sandboxUrlFor('http://127.0.0.1:5001/frame/abc', 'example.test')).toBe(
      'http://127.0.0.1:5001/frame/abc',
    );
    expect(sandboxUrlFor('not a url', '127.0.0.1')).toBe('not a url');
  });
});
