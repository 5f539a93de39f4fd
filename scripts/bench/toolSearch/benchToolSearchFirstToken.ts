import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCatalogue } from '../../../main/services/catalog/search/testing/catalogueFixture';
import { hintsAlwaysLoad } from '../../../main/services/mcp/tools/ToolCatalog';
import type { CatalogCosts } from '../../../shared/domain/toolSearch';
import type { BenchContext } from '../BenchContext';
import { BenchShell, type ShellServer } from '../BenchShell';
import { ratioGoal, type Goal } from '../Goal';
import type { Summary } from '../summarize';
import { FIRST_TOKEN_PROMPT as PROMPT, FIRST_TOKEN_REPLY as REPLY } from '../chat/firstTokenPrompt';
import { startProviderFake, type RequestBody } from '../chat/firstTokenProviders';
import { once } from '../chat/once';
import { FIRST_TOKEN_TURNS, SideSamples } from '../chat/runFirstTokenBench';
import { socketFirstToken } from '../chat/socketFirstToken';

const LIMIT = 1.15;
/** The small catalogue's size. */
const FEW_TOOLS = 10;
const SERVERS_READY_MS = 60_000;

/** What one side's turn sent. */
interface SideRequest {
  /** Tools the shell's catalogue holds. */
  catalogTools: number;
  /** Tools in the request (our search tool alone: tool search is on). */
  sentTools: number;
  bodyBytes: number;
}

/** Time to first token with the whole catalogue fixture configured, against a small one. */
export interface ToolSearchFirstTokenReport {
  requests: { many: SideRequest; few: SideRequest };
  firstTokenMs: { many: Summary; few: Summary };
  /** The first turn of each shell, before anything was kept for its catalogue: ms. */
  firstTurnMs: { many: number; few: number };
  warmupTurns: number;
  turns: number;
  goals: Goal[];
}

/**
 * Issue 34's catalogue goal, through the path a window takes: two built web shells as their
 * own processes against one fake Chat Completions API (the `openai` provider from
 * OPENAI_API_KEY/OPENAI_BASE_URL), one configured with the 30 catalogue servers (3,000 tools),
 * one with a server of 10 of those tools. Each turn is a new conversation with tool search on
 * (so a request carries our search tool alone), `conversation.send` → first `textDelta` event
 * frame on the socket; the two shells take turns, who goes first swapping every round. A turn's
 * own work must not grow with the catalogue: the ratio of the medians is the goal.
 */
export async function benchToolSearchFirstToken(
  ctx: BenchContext,
): Promise<ToolSearchFirstTokenReport> {
  const catalogue = loadCatalogue();
  const program = join(process.cwd(), 'e2e', 'fixtures', 'servers', 'catalogue.mjs');
  const many: Record<string, ShellServer> = Object.fromEntries(
    catalogue.map(({ name }) => [name, { command: process.execPath, args: [program, name] }]),
  );

  let arrivedAt = 0;
  const fake = await startProviderFake('openai', REPLY, () => {
    arrivedAt = performance.now();
  });
  const closeFake = once(() => fake.close());
  ctx.janitor.onCleanup(closeFake);
  const stops: (() => Promise<void>)[] = [];
  try {
    const start = async (servers: Record<string, ShellServer>) => {
      const shell = await BenchShell.start(ctx, servers, { env: fake.env });
      const stop = once(() => shell.stop());
      stops.push(stop);
      ctx.janitor.onCleanup(stop);
      await shell.whenAllReady(SERVERS_READY_MS);
      return shell;
    };
    const manyShell = await start(many);
    // The small catalogue: from each server with an always-loaded tool, that tool and others up
    // to FEW_TOOLS in all, so both shells send the same tools (our search tool and those two).
    const pinnedServers = catalogue.filter((server) => server.tools.some(hintsAlwaysLoad));
    const perServer = Math.ceil(FEW_TOOLS / pinnedServers.length);
    const fewFile = join(ctx.root, 'few-tools.json');
    await writeFile(
      fewFile,
      JSON.stringify({
        servers: pinnedServers.map((server) => ({
          ...server,
          tools: [
            ...server.tools.filter(hintsAlwaysLoad),
            ...server.tools.filter((tool) => !hintsAlwaysLoad(tool)),
          ].slice(0, perServer),
        })),
      }),
    );
    const fewShell = await start(
      Object.fromEntries(
        pinnedServers.map(({ name }) => [
          name,
          { command: process.execPath, args: [program, name, fewFile] },
        ]),
      ),
    );

    let titles = 0;
    /** One new conversation's turn with tool search on, under a title of its own. */
    const send = (shell: BenchShell): ReturnType<typeof socketFirstToken> => {
      const title = `Tool search turn ${String(++titles)}`;
      fake.scriptTitle(title);
      return socketFirstToken(shell.socket, PROMPT, {
        toolSearch: 'on',
        title,
        ...(fake.model ? { model: fake.model } : {}),
      });
    };
    const turn = (shell: BenchShell) => async () => {
      const timing = await send(shell);
      fake.reset();
      return timing;
    };
    const request = async (shell: BenchShell): Promise<{ ms: number; sent: SideRequest }> => {
      fake.reset();
      const timing = await send(shell);
      const body = fake.lastBody();
      if (!body) throw new Error('the fake saw no request');
      // Asked after the first turn: planning the costs would prepare the catalogue for it.
      const costs = (await shell.socket.value('catalog.costs', {})) as CatalogCosts;
      return {
        ms: timing.firstToken - timing.started,
        sent: {
          catalogTools: costs.total.tools,
          sentTools: (body.tools as unknown[] | undefined)?.length ?? 0,
          bodyBytes: Buffer.byteLength(JSON.stringify(body satisfies RequestBody)),
        },
      };
    };
    const manyFirst = await request(manyShell);
    const fewFirst = await request(fewShell);
    fake.reset();
    if (
      manyFirst.sent.catalogTools <= fewFirst.sent.catalogTools ||
      fewFirst.sent.catalogTools === 0
    )
      throw new Error('the shells do not hold the catalogues they were given');

    const sides = [
      new SideSamples(turn(manyShell), () => arrivedAt),
      new SideSamples(turn(fewShell), () => arrivedAt),
    ] as const;
    for (let i = 0; i < FIRST_TOKEN_TURNS.warmupTurns; i++) {
      for (const side of sides) await side.run(false);
    }
    for (let i = 0; i < FIRST_TOKEN_TURNS.turns; i++) {
      const [a, b] = i % 2 === 0 ? sides : ([sides[1], sides[0]] as const);
      await a.run(true);
      await b.run(true);
    }
    const manyMs = sides[0].summary().ms;
    const fewMs = sides[1].summary().ms;
    return {
      requests: { many: manyFirst.sent, few: fewFirst.sent },
      firstTokenMs: { many: manyMs, few: fewMs },
      firstTurnMs: { many: manyFirst.ms, few: fewFirst.ms },
      ...FIRST_TOKEN_TURNS,
      goals: [
        ratioGoal({
          id: 'chatFirstToken.openai.toolSearch.3000tools',
          text: `time to first token with tool search on, openai, web shell socket (conversation.send → first textDelta event frame): ${String(manyFirst.sent.catalogTools)} configured tools / ${String(fewFirst.sent.catalogTools)} configured tools, median`,
          measured: manyMs,
          baseline: fewMs,
          baselineWhat: `the same turn in a shell with ${String(fewFirst.sent.catalogTools)} configured tools`,
          limit: LIMIT,
        }),
      ],
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
    await closeFake();
  }
}
