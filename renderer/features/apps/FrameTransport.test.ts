import { afterEach, describe, expect, it, vi } from 'vitest';
import { FrameTransport, INVALID_REQUEST, RATE_LIMITED } from './FrameTransport';

/** A frame in the page, and messages "from" it as the page's window receives them. */
function frame() {
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  const win = iframe.contentWindow as Window;
  const posted: unknown[] = [];
  vi.spyOn(win, 'postMessage').mockImplementation((data: unknown) => void posted.push(data));
  const fromFrame = (data: unknown, source: Window | null = win): void => {
    window.dispatchEvent(new MessageEvent('message', { data, source }));
  };
  return { win, posted, fromFrame };
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('FrameTransport', () => {
  it('passes the frame’s JSON-RPC on, and nothing from elsewhere', async () => {
    const { win, fromFrame } = frame();
    const transport = new FrameTransport(() => win);
    const got: unknown[] = [];
    transport.onmessage = (m) => got.push(m);
    await transport.start();
    fromFrame({ jsonrpc: '2.0', id: 1, method: 'ping' });
    fromFrame({ jsonrpc: '2.0', id: 2, method: 'ping' }, null);
    fromFrame({ jsonrpc: '2.0', id: 3, method: 'ping' }, window);
    fromFrame('not json-rpc');
    expect(got).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    await transport.close();
  });

  it('refuses a message over the size limit: the request gets an error naming it, the bridge nothing', async () => {
    vi.useFakeTimers();
    const { win, posted, fromFrame } = frame();
    const refused = vi.fn();
    const transport = new FrameTransport(() => win, { maxBytes: 1024, onRefused: refused });
    const got: unknown[] = [];
    transport.onmessage = (m) => got.push(m);
    await transport.start();
    fromFrame({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { blob: 'x'.repeat(2000) } });
    fromFrame({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { data: 'x'.repeat(2000) },
    });
    fromFrame({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { at: new Date() } });
    expect(got).toEqual([]);
    expect(posted).toEqual([
      {
        jsonrpc: '2.0',
        id: 7,
        error: {
          code: INVALID_REQUEST,
          message:
            'Message refused: larger than 1 KiB (Switchboard accepts messages of at most 1 KiB from an App).',
        },
      },
      {
        jsonrpc: '2.0',
        id: 8,
        error: { code: INVALID_REQUEST, message: 'Message refused: not plain JSON.' },
      },
    ]);
    vi.advanceTimersByTime(500);
    expect(refused).toHaveBeenCalledTimes(1);
    expect(refused).toHaveBeenCalledWith({ size: 2, rate: 0, shape: 1 });
    await transport.close();
  });

  it('holds a flood to its rate: the rest is refused, answered only up to the same bound', async () => {
    vi.useFakeTimers();
    let now = 0;
    const { win, posted, fromFrame } = frame();
    const refused = vi.fn();
    const transport = new FrameTransport(() => win, {
      perSecond: 10,
      burst: 20,
      now: () => now,
      onRefused: refused,
    });
    let passed = 0;
    transport.onmessage = () => (passed += 1);
    await transport.start();
    for (let i = 0; i < 1000; i += 1) fromFrame({ jsonrpc: '2.0', id: i, method: 'ping' });
    expect(passed).toBe(20);
    expect(posted).toHaveLength(20);
    expect(posted[0]).toEqual({
      jsonrpc: '2.0',
      id: 20,
      error: {
        code: RATE_LIMITED,
        message:
          'Message refused: more than 10 messages a second (or 20 at once) from this App; send it again later.',
      },
    });
    vi.advanceTimersByTime(500);
    expect(refused).toHaveBeenLastCalledWith({ size: 0, rate: 980, shape: 0 });
    // A second later the App may speak again.
    now += 1000;
    fromFrame({ jsonrpc: '2.0', id: 'later', method: 'ping' });
    expect(passed).toBe(21);
    await transport.close();
  });
});
