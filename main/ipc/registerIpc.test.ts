import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../shared/domain/settings';
import { JsonReply } from '../../shared/ipc/JsonReply';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../shared/ipc/names';
import { HostEvents } from '../services/base/HostEvents';
import type { Dispatch } from './createDispatcher';
import { isTrustedSender } from './isTrustedSender';
import { registerIpc, type IpcWindow } from './registerIpc';

type Handler = (event: unknown, ...args: unknown[]) => unknown;

function setup(answer: unknown = 'done') {
  const handlers = new Map<string, Handler>();
  const sent: unknown[][] = [];
  const calls: unknown[][] = [];
  const win: IpcWindow = {
    isDestroyed: () => false,
    webContents: { id: 7, send: (...args: unknown[]) => void sent.push(args) },
  };
  const dispatch: Dispatch = (name, input) => {
    calls.push([name, input]);
    return Promise.resolve({ ok: true, value: answer });
  };
  const events = new HostEvents();
  const dispose = registerIpc({
    ipcMain: {
      handle: (channel: string, fn: Handler) => void handlers.set(channel, fn),
      removeHandler: (channel: string) => void handlers.delete(channel),
    } as never,
    dispatch,
    events,
    allowedOrigins: ['app://switchboard'],
    windows: () => [win],
  });
  const invoke = (senderId: number, url: string | undefined, name: string, input: unknown) =>
    handlers.get(INVOKE_CHANNEL)?.(
      { sender: { id: senderId }, senderFrame: url === undefined ? null : { url } },
      name,
      input,
    );
  return { handlers, sent, calls, events, dispose, invoke };
}

describe('isTrustedSender', () => {
  it('accepts only the app origin and configured dev origin', () => {
    const allowed = ['app://switchboard', 'http://localhost:5173'];
    expect(isTrustedSender('app://switchboard/index.html', allowed)).toBe(true);
    expect(isTrustedSender('http://localhost:5173/', allowed)).toBe(true);
    expect(isTrustedSender('http://localhost:5174/', allowed)).toBe(false);
    expect(isTrustedSender('https://evil.example/', allowed)).toBe(false);
    expect(isTrustedSender('app://other/index.html', allowed)).toBe(false);
    expect(isTrustedSender('file:///etc/passwd', allowed)).toBe(false);
    expect(isTrustedSender(undefined, allowed)).toBe(false);
    expect(isTrustedSender('not a url', allowed)).toBe(false);
  });
});

describe('registerIpc', () => {
  it('dispatches requests from our window and page', async () => {
    const { invoke, calls } = setup();
    expect(await invoke(7, 'app://switchboard/index.html', 'settings.get', {})).toEqual({
      ok: true,
      value: 'done',
    });
    expect(calls).toEqual([['settings.get', {}]]);
  });

  it('sends an answer built as JSON as the value it stands for (IPC clones values)', async () => {
    const value = { messages: [{ id: 'm1', content: [{ type: 'text', text: 'a "quote"' }] }] };
    const { invoke } = setup(JsonReply.fromText(JSON.stringify(value)));
    const answer = (await invoke(7, 'app://switchboard/index.html', 'conversation.get', {})) as {
      ok: boolean;
      value: unknown;
    };
    expect(answer.value).not.toBeInstanceOf(JsonReply);
    expect(answer).toEqual({ ok: true, value });
  });

  it('refuses other webContents and foreign frames without dispatching', async () => {
    const { invoke, calls } = setup();
    for (const [id, url] of [
      [8, 'app://switchboard/index.html'],
      [7, 'https://evil.example/'],
      [7, undefined],
    ] as const) {
      const result = (await invoke(id, url, 'settings.get', {})) as {
        ok: boolean;
        error: { code: string };
      };
      expect(result.ok).toBe(false);
      expect(result.error.code).toBe('FORBIDDEN');
    }
    expect(calls).toEqual([]);
  });

  it('forwards events to windows and stops on dispose', () => {
    const { events, sent, dispose, handlers } = setup();
    const snapshot = { ...defaultSettings, apiKeySource: 'none' as const };
    events.emit('settings.changed', snapshot);
    expect(sent).toEqual([[EVENT_CHANNEL, 'settings.changed', snapshot]]);
    dispose();
    events.emit('settings.changed', snapshot);
    expect(sent).toHaveLength(1);
    expect(handlers.has(INVOKE_CHANNEL)).toBe(false);
  });
});
