import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversationStore } from './ConversationStore';
import { seededRandom as random } from '../../testing/seededRandom';
import { crashScript } from './testing/crashScript';

const KILLS = 50;
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Everything the writers acknowledged, across all runs. */
interface Acknowledged {
  messages: Map<string, { run: number; turn: number }>;
  finished: Map<string, { deltas: number }>;
  /** Replies begun and never acknowledged as finished: total deltas, deltas known committed. */
  begun: Map<string, { total: number; flushed: number }>;
  toolsRunning: Set<string>;
  toolsDone: Set<string>;
  flushWaitsMs: number[];
}

/** How many deltas `text` holds, if it is exactly a prefix of the scripted reply. */
function deltasIn(text: string, total: number): number | undefined {
  for (let count = 0; count <= total; count += 1) {
    const expected = crashScript.text(count);
    if (expected === text) return count;
    if (expected.length > text.length) return undefined;
  }
  return undefined;
}

function textOf(content: readonly { type: string; text?: string }[]): string {
  return content.find((block) => block.type === 'text')?.text ?? '';
}

describe.skipIf(process.platform === 'win32')('ConversationStore crash safety', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchboard-crash-'));
  const file = path.join(dir, 'history.sqlite');
  let writer = '';

  beforeAll(async () => {
    // The writer is TypeScript importing the real store; bundle it with the same toolchain as
    // the app build (Vite) so the child runs on plain Node with no loader or flags.
    await build({
      configFile: false,
      logLevel: 'silent',
      root: repoRoot,
      // The writer runs from a temporary folder, where no node_modules can be found.
      ssr: { noExternal: true },
      build: {
        ssr: path.join(repoRoot, 'main/services/store/testing/crashWriter.ts'),
        outDir: path.join(dir, 'writer'),
        emptyOutDir: true,
        target: 'node22',
        minify: false,
        rollupOptions: { output: { format: 'es', entryFileNames: 'crashWriter.mjs' } },
      },
    });
    writer = path.join(dir, 'writer', 'crashWriter.mjs');
  }, 60_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`keeps every acknowledged commit through ${KILLS} SIGKILLs at random moments`, async () => {
    const seed = Number(process.env.CRASH_SEED ?? 20_261_122);
    const next = random(seed);
    const acked: Acknowledged = {
      messages: new Map(),
      finished: new Map(),
      begun: new Map(),
      toolsRunning: new Set(),
      toolsDone: new Set(),
      flushWaitsMs: [],
    };
    const interrupted = new Map<string, string>();
    let killedBeforeReady = 0;
    let partialReplies = 0;
    /** Kills that came while the newest person's message was only in the outbox. */
    let killedWhileHeld = 0;
    const started = performance.now();

    for (let run = 0; run < KILLS; run += 1) {
      const child = spawn(process.execPath, [writer, file, String(run)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      // 'close' comes after the exit and after stdout has been read to its end.
      const closed = once(child, 'close');
      const ready = new Promise<void>((resolve) => {
        child.stdout.on('data', () => {
          if (stdout.startsWith('ready\n') || stdout.includes('\nready\n')) resolve();
        });
        void closed.then(() => resolve());
      });
      // A fifth of the kills land before the store is open; the rest from "just opened" to "many
      // turns in", counted from the writer's ready line: on a loaded machine a process takes
      // longer to start, and a kill timed from the spawn would rarely reach a write.
      if (next() < 0.2) await sleep(Math.floor(next() * 150));
      else {
        await ready;
        await sleep(Math.floor(next() * 300));
      }
      child.kill('SIGKILL');
      const [code, signal] = (await closed) as [number | null, string | null];
      const context = `run ${run} (CRASH_SEED=${seed}); stderr: ${stderr.slice(0, 2000)}`;
      expect(signal, `writer exited on its own with ${code}; ${context}`).toBe('SIGKILL');

      const lines = stdout.split('\n').slice(0, -1); // a torn last line is not an ack
      if (!lines.includes('ready')) killedBeforeReady += 1;
      if (lines.at(-1)?.startsWith('message ')) killedWhileHeld += 1;
      for (const line of lines) {
        const [kind, id = '', a = '', b = ''] = line.split(' ');
        if (kind === 'message') acked.messages.set(id, { run: Number(a), turn: Number(b) });
        else if (kind === 'begin') acked.begun.set(id, { total: Number(a), flushed: 0 });
        else if (kind === 'flushed') {
          const begun = acked.begun.get(id);
          if (begun) begun.flushed = Number(a);
          acked.flushWaitsMs.push(Number(b));
        } else if (kind === 'finished') {
          acked.begun.delete(id);
          acked.finished.set(id, { deltas: Number(a) });
        } else if (kind === 'tool-running') acked.toolsRunning.add(id);
        else if (kind === 'tool-done') acked.toolsDone.add(id);
      }

      const store = ConversationStore.open({ file });
      try {
        expect(store.checkIntegrity(), context).toEqual([]);
        for (const [id, { run: r, turn }] of acked.messages) {
          expect(store.getMessage(id), `${id}; ${context}`).toMatchObject({
            status: 'complete',
            content: crashScript.userContent(r, turn),
          });
        }
        for (const [id, { deltas }] of acked.finished) {
          const message = store.getMessage(id);
          expect(message?.status, `${id}; ${context}`).toBe('complete');
          expect(textOf(message?.content ?? []), `${id}; ${context}`).toBe(
            crashScript.text(deltas),
          );
        }
        for (const [id, { total, flushed }] of acked.begun) {
          const message = store.getMessage(id);
          if (!message) throw new Error(`acknowledged reply ${id} is missing; ${context}`);
          const text = textOf(message.content);
          if (message.status === 'complete') {
            // Killed between the finishing commit and its ack line.
            expect(text, context).toBe(crashScript.text(total));
            acked.finished.set(id, { deltas: total });
          } else {
            expect(message.status, `${id}; ${context}`).toBe('interrupted');
            const count = deltasIn(text, total);
            expect(count, `${id} holds "${text}"; ${context}`).toBeDefined();
            // Nothing that was acknowledged as committed is lost.
            expect(count ?? -1, `${id}; ${context}`).toBeGreaterThanOrEqual(flushed);
            if (interrupted.has(id)) expect(text).toBe(interrupted.get(id));
            else interrupted.set(id, text);
            if (text !== '') partialReplies += 1;
          }
        }
        for (const [id, text] of interrupted) {
          expect(store.getMessage(id), context).toMatchObject({ status: 'interrupted' });
          expect(textOf(store.getMessage(id)?.content ?? []), context).toBe(text);
        }
        for (const id of acked.toolsRunning) {
          const status = store.getToolCall(id)?.status;
          if (acked.toolsDone.has(id)) expect(status, context).toBe('done');
          else expect(['cancelled', 'done'], `${id} is ${status}; ${context}`).toContain(status);
        }
        expect(store.listMessages('none').messages).toEqual([]);
      } finally {
        store.close();
      }
      for (const id of acked.begun.keys()) if (interrupted.has(id)) acked.begun.delete(id);
    }

    const seconds = (performance.now() - started) / 1000;
    const waits = [...acked.flushWaitsMs].sort((x, y) => x - y);
    const p99 = waits[Math.floor(waits.length * 0.99)] ?? 0;
    // Reported so the numbers can be quoted; the assertions above are what matters.
    console.info(
      `crash test: ${KILLS} kills in ${seconds.toFixed(1)} s; ${killedBeforeReady} before the store ` +
        `was open; ${acked.messages.size} user messages (${killedWhileHeld} killed while held), ` +
        `${acked.finished.size} finished and ` +
        `${interrupted.size} interrupted replies (${partialReplies} with partial text) checked; ` +
        `${waits.length} timer flushes, oldest delta waited p99 ${p99.toFixed(1)} ms, ` +
        `max ${(waits.at(-1) ?? 0).toFixed(1)} ms`,
    );
    // The kills must actually have landed mid-write, or the test proved nothing.
    expect(acked.messages.size).toBeGreaterThanOrEqual(KILLS / 2);
    expect(interrupted.size).toBeGreaterThanOrEqual(KILLS / 5);
    expect(killedWhileHeld).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
