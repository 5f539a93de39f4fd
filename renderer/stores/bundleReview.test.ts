import { describe, expect, it } from 'vitest';
import type { BundleView } from '../../shared/domain/bundleViews';
import { BUNDLE_CHUNK_BYTES, MAX_BUNDLE_BYTES } from '../../shared/domain/bundleUpload';
import { emptySandboxForm } from '../../shared/domain/serverForm';
import { scriptedClient } from '../testing/scriptedClient';
import { createConfigStore } from './configStore';
import { createGettingServersStore } from './gettingServersStore';

const view: BundleView = {
  path: '/data/bundles/.staging/1-ab.mcpb',
  digest: 'sha256:abababababababababababababababababababababababababababababababab',
  name: 'a',
  version: '1.0.0',
  description: '',
  author: { name: 'A' },
  manifestVersion: '0.3',
  tools: [],
  prompts: [],
  userConfig: [],
  signature: { state: 'unsigned' },
  runtime: {
    type: 'node',
    command: 'node',
    found: true,
    message: 'Node',
    text: { key: 'foreign', params: { text: 'Node' } },
  },
  suggestedName: 'a',
  sandbox: { ...emptySandboxForm, enabled: true },
};

/** A dropped file as the store sees one: a name, a size and (maybe) its bytes. */
function dropped(name: string, bytes: Uint8Array | Error, size?: number): File {
  return {
    name,
    size: size ?? (bytes instanceof Error ? 1 : bytes.length),
    arrayBuffer: () =>
      bytes instanceof Error ? Promise.reject(bytes) : Promise.resolve(bytes.buffer),
  } as unknown as File;
}

function setup() {
  const scripted = scriptedClient((name, input) => {
    if (name === 'bundles.uploadStart') return { uploadId: 'u1' };
    if (name === 'bundles.uploadChunk') {
      const { offset, data } = input as { offset: number; data: string };
      return { received: offset + atob(data).length };
    }
    if (name === 'bundles.uploadFinish') return view;
    if (name === 'bundles.discard') return {};
    throw new Error(name);
  });
  const store = createGettingServersStore(scripted.client, createConfigStore(scripted.client));
  return { ...scripted, store };
}

describe('a dropped bundle in the getting-servers store', () => {
  it('goes to main in chunks, in order, each small enough for the web shell; closing discards it', async () => {
    const { store, callsOf } = setup();
    const bytes = new Uint8Array(BUNDLE_CHUNK_BYTES * 2 + 10).map((_, i) => i % 251);
    await store.getState().dropBundle(dropped('a.mcpb', bytes));
    expect(callsOf('bundles.uploadStart')).toEqual([{ name: 'a.mcpb', size: bytes.length }]);
    const chunks = callsOf('bundles.uploadChunk') as { offset: number; data: string }[];
    expect(chunks.map((c) => c.offset)).toEqual([0, BUNDLE_CHUNK_BYTES, BUNDLE_CHUNK_BYTES * 2]);
    const joined = chunks.map((c) => atob(c.data)).join('');
    // Compared as text: a deep equality over a megabyte of array items is very slow.
    let expected = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      expected += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    expect(joined === expected).toBe(true);
    expect(store.getState().bundleReview).toEqual({ view, droppedName: 'a.mcpb' });
    store.getState().closeBundle();
    expect(store.getState().bundleReview).toEqual({ view: null });
    expect(callsOf('bundles.discard')).toEqual([{ path: view.path }]);
  });

  it('refuses other files, too large ones and unreadable ones without sending anything', async () => {
    const { store, callsOf } = setup();
    await store.getState().dropBundle(dropped('notes.zip', new Uint8Array(3)));
    expect(store.getState().bundleReview.problem).toEqual({ kind: 'notBundle', name: 'notes.zip' });
    await store.getState().dropBundle(dropped('big.mcpb', new Uint8Array(1), MAX_BUNDLE_BYTES + 1));
    expect(store.getState().bundleReview.problem).toEqual({
      kind: 'tooLarge',
      name: 'big.mcpb',
      size: MAX_BUNDLE_BYTES + 1,
    });
    await store.getState().dropBundle(dropped('gone.mcpb', new Error('NotReadableError')));
    expect(store.getState().bundleReview.problem).toEqual({
      kind: 'unreadable',
      name: 'gone.mcpb',
    });
    expect(callsOf('bundles.uploadStart')).toEqual([]);
  });
});
