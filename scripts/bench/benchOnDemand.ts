import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerView } from '../../shared/domain/mcpViews';
import { createLogger } from '../../main/platform/Logger';
import { parseServersText } from '../../main/services/config/parseServersText';
import { envLookup } from '../../main/services/base/substituteEnv';
import { RememberedLists } from '../../main/services/mcp/remembered/RememberedLists';
import type { BenchContext } from './BenchContext';
import { BenchHost } from './BenchHost';
import { startShellProcess } from './chat/startShellProcess';
import { fixtureServer } from './fixtureServer';
import { holds, ratioGoal, type Goal } from './Goal';
import { processRssBytes } from './procStats';
import { ShellSocket } from './ShellSocket';
import { sleep } from './sleep';
import { summarize, type Summary } from './summarize';

const SERVERS = 100;
const PAIRS = 5;
const LIMIT = 1.1;
/** After launch: coalesced events, log batches and timers run as in an idle app. */
const SETTLE_MS = 3000;
const READS = 5;
const READ_EVERY_MS = 400;
const MiB = 1024 * 1024;

/** Goal: launching with many servers that start on first use costs what launching with none does. */
export interface OnDemandReport {
  servers: number;
  pairs: number;
  /** Spawn → the shell answers with every server set going (its file read), ms. */
  launchMs: { none: Summary; onDemand: Summary };
  /** Of which spawn → the shell printed its address (the same work in both). */
  addressMs: { none: Summary; onDemand: Summary };
  /** The shell's resident memory once settled, MiB. */
  rssMiB: { none: Summary; onDemand: Summary };
  /** Server processes the on-demand launches started (every one counts). */
  serverStarts: number;
  goals: Goal[];
}

/**
 * Starts the built web shell (production mode, a window's socket connected) over a data folder
 * with no servers and over one with 100 servers whose lists are remembered (learned once from a
 * real `counted.mjs` and kept as the app keeps them), in pairs whose order alternates. Times
 * spawn → the shell answers with its servers file read and every server set going, then reads
 * the shell's RSS once settled. Each server would append to a file if it started; none may.
 */
export async function benchOnDemand(ctx: BenchContext): Promise<OnDemandReport> {
  const template = await learnTemplate(ctx);
  const none: Sample[] = [];
  const onDemand: Sample[] = [];
  let starts = 0;
  for (let pair = 0; pair < PAIRS; pair++) {
    for (const count of pair % 2 === 0 ? [0, SERVERS] : [SERVERS, 0]) {
      const folder = await prepare(ctx, count, template);
      const sample = await launch(ctx, folder.dataDir, count);
      (count === 0 ? none : onDemand).push(sample);
      starts += await countStarts(folder.startLog);
    }
  }
  const launchNone = summarize(none.map((s) => s.ms));
  const launchOnDemand = summarize(onDemand.map((s) => s.ms));
  const rssNone = summarize(none.map((s) => s.rss / MiB));
  const rssOnDemand = summarize(onDemand.map((s) => s.rss / MiB));
  return {
    servers: SERVERS,
    pairs: PAIRS,
    launchMs: { none: launchNone, onDemand: launchOnDemand },
    addressMs: {
      none: summarize(none.map((s) => s.addressMs)),
      onDemand: summarize(onDemand.map((s) => s.addressMs)),
    },
    rssMiB: { none: rssNone, onDemand: rssOnDemand },
    serverStarts: starts,
    goals: [
      ratioGoal({
        id: 'onDemand.launch',
        text: `web shell launch (spawn → servers set going) with ${SERVERS} remembered on-demand servers / with none, median`,
        measured: launchOnDemand,
        baseline: launchNone,
        baselineWhat: 'the same shell over a servers file with no servers',
        limit: LIMIT,
      }),
      ratioGoal({
        id: 'onDemand.memory',
        text: `web shell RSS once settled with ${SERVERS} remembered on-demand servers / with none, median`,
        measured: rssOnDemand,
        baseline: rssNone,
        baselineWhat: 'the same shell over a servers file with no servers',
        limit: LIMIT,
      }),
      holds(
        'onDemand.noStarts',
        `no server process starts at launch when ${SERVERS} lists are remembered (${PAIRS} launches)`,
        starts === 0,
        PAIRS,
      ),
    ],
  };
}

/** What counted.mjs lists, learned once from a real connect. */
async function learnTemplate(ctx: BenchContext): Promise<RememberedTemplate> {
  const host = await BenchHost.create({
    root: ctx.root,
    servers: { template: { command: process.execPath, args: [fixtureServer('counted.mjs')] } },
    janitor: ctx.janitor,
  });
  try {
    await host.mcp.start();
    await host.whenAllReady(30_000);
    const session = host.mcp.supervisor('template').ready();
    return {
      tools: [...host.mcp.supervisor('template').tools],
      prompts: await session.listPrompts(),
      resourceTemplates: await session.listResourceTemplates(),
      serverInfo: session.info?.serverInfo,
      capabilities: session.info?.capabilities ?? {},
    };
  } finally {
    await host.dispose();
  }
}

type RememberedTemplate = Parameters<RememberedLists['learn']>[1] & {
  capabilities: Record<string, unknown>;
};

/** A data folder with `count` servers, each with its list remembered as the app keeps it. */
async function prepare(
  ctx: BenchContext,
  count: number,
  template: RememberedTemplate,
): Promise<{ dataDir: string; startLog: string }> {
  const dataDir = await mkdtemp(join(ctx.root, 'ondemand-'));
  const startLog = join(dataDir, 'starts.log');
  const servers: Record<string, unknown> = {};
  for (let i = 1; i <= count; i++) {
    const name = `lazy-${String(i).padStart(3, '0')}`;
    servers[name] = {
      command: process.execPath,
      args: [fixtureServer('counted.mjs'), name],
      env: { START_LOG: startLog },
    };
  }
  const text = JSON.stringify({ mcpServers: servers }, null, 2);
  await writeFile(join(dataDir, 'servers.json'), text);
  const lists = new RememberedLists({
    dir: join(dataDir, 'remembered'),
    log: createLogger({ consoleLevel: 'silent' }),
  });
  for (const config of parseServersText(text, envLookup(process.env)).servers) {
    await lists.learn(config, template);
  }
  return { dataDir, startLog };
}

interface Sample {
  ms: number;
  addressMs: number;
  rss: number;
}

/** Spawn → the shell answers with its file read and every server set going; then its RSS. */
async function launch(ctx: BenchContext, dataDir: string, count: number): Promise<Sample> {
  const started = performance.now();
  const shell = await startShellProcess({ dataDir, env: {}, janitor: ctx.janitor });
  const addressMs = performance.now() - started;
  try {
    const socket = await ShellSocket.connect(shell.url);
    ctx.janitor.onCleanup(() => socket.close());
    for (;;) {
      const config = (await socket.value('config.get', {})) as { exists: boolean };
      const { servers } = (await socket.value('mcp.listServers', {})) as { servers: ServerView[] };
      const waiting = servers.filter((s) => s.status.kind === 'remembered').length;
      if (config.exists && servers.length === count && waiting === count) break;
      if (performance.now() - started > 60_000) throw new Error('the shell did not launch in 60 s');
      await sleep(20);
    }
    const ms = performance.now() - started;
    await sleep(SETTLE_MS);
    const reads: number[] = [];
    for (let i = 0; i < READS; i++) {
      reads.push(processRssBytes(shell.pid));
      await sleep(READ_EVERY_MS);
    }
    await socket.close();
    return { ms, addressMs, rss: summarize(reads).median };
  } finally {
    await shell.stop();
    await sleep(300);
  }
}

async function countStarts(file: string): Promise<number> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).length;
}
