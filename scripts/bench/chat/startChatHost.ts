import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  startFakeAnthropic,
  type FakeAnthropic,
} from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { ConversationStore } from '../../../main/services/store/ConversationStore';
import type { BenchContext } from '../BenchContext';
import type { BenchServer } from '../BenchHost';
import { once } from './once';
import { startShellProcess } from './startShellProcess';

/** Options of the chat benchmarks' shells. */
export interface ChatShellOptions<T> {
  ctx: BenchContext;
  /** Written to the data dir's servers.json before the shell starts. */
  servers?: Readonly<Record<string, BenchServer>>;
  /** Writes history into the shell's store before the shell opens it (one writer at a time). */
  seed: (store: ConversationStore) => T;
}

/** Runs the stops in order; a failed start runs those it got so far. */
export async function stopAll(stops: readonly (() => Promise<void>)[]): Promise<void> {
  for (const stop of stops) await stop();
}

/** Throws when the page had uncaught errors: a broken page makes its timings meaningless. */
export function assertNoPageErrors(errors: readonly string[]): void {
  if (errors.length > 0) throw new Error(`page errors:\n${errors.slice(0, 5).join('\n')}`);
}

/** Stop functions, newest first, each also handed to the janitor (an interrupt or a crash). */
export function stopList(ctx: BenchContext) {
  const stops: (() => Promise<void>)[] = [];
  const own = (stop: () => Promise<unknown>): void => {
    const stopOnce = once(stop);
    stops.unshift(stopOnce);
    ctx.janitor.onCleanup(stopOnce);
  };
  return { stops, own };
}

/**
 * What a chat benchmark's page talks to: a fresh data dir (servers.json and history seeded
 * before the shell opens it), a fake Messages API in this process and the built web shell as
 * its own process. Each is handed to `own` to be stopped.
 */
export async function startChatHost<T>(
  options: ChatShellOptions<T>,
  own: (stop: () => Promise<unknown>) => void,
): Promise<{ dataDir: string; seeded: T; fake: FakeAnthropic; url: string }> {
  const { ctx } = options;
  const dataDir = await mkdtemp(join(ctx.root, 'shell-'));
  if (options.servers) {
    await writeFile(
      join(dataDir, 'servers.json'),
      JSON.stringify({ mcpServers: options.servers }, null, 2),
    );
  }
  const seeded = seedStore(dataDir, options.seed);
  const fake = await startFakeAnthropic();
  own(() => fake.close());
  const shellProcess = await startShellProcess({
    dataDir,
    env: { ANTHROPIC_API_KEY: 'sk-bench', ANTHROPIC_BASE_URL: fake.url },
    janitor: ctx.janitor,
  });
  own(() => shellProcess.stop());
  return { dataDir, seeded, fake, url: shellProcess.url };
}

/** The shell opens `<dataDir>/history.sqlite`; it must be closed before the shell starts. */
function seedStore<T>(dataDir: string, seed: (store: ConversationStore) => T): T {
  const store = ConversationStore.open({ file: join(dataDir, 'history.sqlite') });
  try {
    return seed(store);
  } finally {
    store.close();
  }
}
