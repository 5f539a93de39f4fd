import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { EVENT_CHANNEL, INVOKE_CHANNEL, eventNames } from '../shared/ipc/names';
import { createHostBridge, type IpcRendererLike } from './createHostBridge';

/** ipcRenderer as the preload sees it: an emitter with invoke, recording the invokes. */
function fakeIpc() {
  const emitter = new EventEmitter();
  const invoked: unknown[][] = [];
  const ipc: IpcRendererLike = {
    invoke: (...args) => {
      invoked.push(args);
      return Promise.resolve({ ok: true, value: null });
    },
    on: (channel, listener) => emitter.on(channel, listener),
  };
  /** What main's webContents.send(EVENT_CHANNEL, name, payload) delivers. */
  const send = (name: unknown, payload: unknown) => emitter.emit(EVENT_CHANNEL, {}, name, payload);
  return { ipc, emitter, invoked, send };
}

describe('the preload bridge', () => {
  it('adds one ipcRenderer listener however many subscriptions the window makes', () => {
    const { ipc, emitter } = fakeIpc();
    const host = createHostBridge(ipc);
    const offs = eventNames.flatMap((name) => [host.on(name, () => {}), host.on(name, () => {})]);
    expect(offs.length).toBeGreaterThan(33);
    expect(emitter.listenerCount(EVENT_CHANNEL)).toBe(1);
    offs.forEach((off) => off());
    expect(emitter.listenerCount(EVENT_CHANNEL)).toBe(1);
  });

  it('hands each event to its own subscribers only, until they unsubscribe', () => {
    const { ipc, send } = fakeIpc();
    const host = createHostBridge(ipc);
    const [first, second] = [eventNames[0], eventNames[1]];
    const seen: string[] = [];
    const offA = host.on(first, (p) => seen.push(`a:${String(p)}`));
    host.on(first, (p) => seen.push(`b:${String(p)}`));
    host.on(second, (p) => seen.push(`c:${String(p)}`));
    send(first, 1);
    send(second, 2);
    send('not.an.event', 3);
    send(42, 4);
    offA();
    offA(); // twice is harmless
    send(first, 5);
    expect(seen).toEqual(['a:1', 'b:1', 'c:2', 'b:5']);
  });

  it('calls a callback subscribed twice twice, and a throwing subscriber does not starve the others', () => {
    const { ipc, send } = fakeIpc();
    const reported: unknown[] = [];
    const host = createHostBridge(ipc, (error) => reported.push(error));
    const name = eventNames[0];
    const seen: number[] = [];
    const callback = (p: unknown) => seen.push(p as number);
    host.on(name, () => {
      throw new Error('subscriber bug');
    });
    const off = host.on(name, callback);
    host.on(name, callback);
    send(name, 7);
    expect(seen).toEqual([7, 7]);
    expect(reported).toEqual([new Error('subscriber bug')]);
    off();
    send(name, 8);
    expect(seen).toEqual([7, 7, 8]);
  });

  it('forwards only the contract’s requests and events', async () => {
    const { ipc, invoked } = fakeIpc();
    const host = createHostBridge(ipc);
    await host.invoke('app.bootstrap', {});
    expect(invoked).toEqual([[INVOKE_CHANNEL, 'app.bootstrap', {}]]);
    await expect(host.invoke('fs.readFile', {})).rejects.toThrow('Unknown request fs.readFile');
    expect(() => host.on('process.exit', () => {})).toThrow('Unknown event process.exit');
    expect(invoked).toHaveLength(1);
  });
});
