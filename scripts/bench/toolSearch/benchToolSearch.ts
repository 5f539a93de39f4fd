import { join } from 'node:path';
import {
  startFakeAnthropic,
  type MessagesRequestBody,
} from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { message } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import { loadCatalogue } from '../../../main/services/catalog/search/testing/catalogueFixture';
import type { ConversationToolSearch, RequestTools } from '../../../shared/domain/toolSearch';
import type { BenchContext } from '../BenchContext';
import { atLeast, atMost, type Goal } from '../Goal';
import { createCoreHost } from '../createCoreHost';
import { round, type Summary } from '../summarize';
import { FIRST_TOKEN_PROMPT as PROMPT, FIRST_TOKEN_REPLY as REPLY } from '../chat/firstTokenPrompt';
import { hostFirstToken } from '../chat/hostFirstToken';
import { once } from '../chat/once';
import { FIRST_TOKEN_TURNS, SideSamples } from '../chat/runFirstTokenBench';
import { measureCatalogueRecall, type CatalogueRecall } from './measureCatalogueRecall';

/** A Claude model without the API's own tool search: the host offers ours. */
const OWN_SEARCH_MODEL = 'anthropic/claude-sonnet-4-0';
/** One with it: every definition goes, marked deferred behind Claude's search tool. */
const API_SEARCH_MODEL = 'anthropic/claude-opus-4-5';

const RECALL_GOAL = 0.9;
/** Our search's request against all-sent: a few dozen definitions of 3,000. */
const BYTES_LIMIT = 0.1;
/** Deferring must not make the first token later than sending everything. */
const FIRST_TOKEN_LIMIT = 1;

/** How the three sides send tools: the baseline sends all of them. */
const SIDES: { name: Side; model: string; mode: ConversationToolSearch }[] = [
  { name: 'allSent', model: OWN_SEARCH_MODEL, mode: 'off' },
  { name: 'ownSearch', model: OWN_SEARCH_MODEL, mode: 'default' },
  { name: 'apiSearch', model: API_SEARCH_MODEL, mode: 'default' },
];
type Side = 'allSent' | 'ownSearch' | 'apiSearch';

/** What one side's request carried. */
interface SideRequest {
  bodyBytes: number;
  /** Definitions in the request, and of them those marked `defer_loading`. */
  tools: number;
  deferLoading: number;
  /** The host's own account, as the usage line shows it. */
  usage: RequestTools | undefined;
}

export interface ToolSearchReport {
  recall: CatalogueRecall;
  servers: number;
  catalogTools: number;
  requests: Record<Side, SideRequest>;
  /** Start → first text delta per side, ms; the sides take turns, who goes first rotating. */
  firstTokenMs: Record<Side, Summary>;
  ratio: {
    /** Request bytes, side / all-sent. */
    bytes: Record<Exclude<Side, 'allSent'>, number>;
    /** Median time to first token, side / all-sent. */
    firstTokenMedian: Record<Exclude<Side, 'allSent'>, number>;
  };
  warmupTurns: number;
  turns: number;
  goals: Goal[];
}

/**
 * Issue 17's measures. Search quality: top-5 recall of the index over the labelled queries of
 * the 30 × 100 catalogue fixture. Cost: a host core with the 30 catalogue servers (3,000 tools,
 * one process each) against the fake Messages API, the same prompt sent three ways — every
 * definition (the baseline), our search tool with the always-loaded tools, and Claude's own
 * search (every definition marked deferred) — comparing request bytes and time to first token.
 */
export async function benchToolSearch(ctx: BenchContext): Promise<ToolSearchReport> {
  const recall = measureCatalogueRecall();
  const catalogue = loadCatalogue();
  const program = join(process.cwd(), 'e2e', 'fixtures', 'servers', 'catalogue.mjs');
  const servers = Object.fromEntries(
    catalogue.map(({ name }) => [name, { command: process.execPath, args: [program, name] }]),
  );

  let arrivedAt = 0;
  const fake = await startFakeAnthropic({
    fallback: () => {
      arrivedAt = performance.now();
      return message(REPLY);
    },
  });
  const closeFake = once(() => fake.close());
  ctx.janitor.onCleanup(closeFake);
  try {
    const { core } = await createCoreHost(ctx.root, { baseURL: fake.url, servers });
    const disposeCore = once(() => core.dispose());
    ctx.janitor.onCleanup(disposeCore);
    try {
      await core.mcp.settled(60_000);
      const catalogTools = core.mcp.catalogEntries().length;
      let lastConversation = '';
      const turn = (side: (typeof SIDES)[number]) => () =>
        hostFirstToken(core, PROMPT, {
          model: side.model,
          prepare: (id) => {
            lastConversation = id;
            core.toolSearch.setConversationMode(id, side.mode);
          },
        });

      // One turn per side first: its request, as the fake saw it and as the host counted it.
      const requests = {} as Record<Side, SideRequest>;
      for (const side of SIDES) {
        fake.reset();
        await turn(side)();
        const body = fake.messageRequests[0]?.body as MessagesRequestBody | undefined;
        if (!body) throw new Error(`the fake saw no request for ${side.name}`);
        const tools = (body.tools ?? []) as { defer_loading?: boolean }[];
        const reply = core.conversations.get(lastConversation).messages[1];
        requests[side.name] = {
          bodyBytes: Buffer.byteLength(JSON.stringify(body)),
          tools: tools.length,
          deferLoading: tools.filter((tool) => tool.defer_loading === true).length,
          usage: reply?.usage?.tools,
        };
      }
      fake.reset();

      const samples = new Map(
        SIDES.map((side) => [side.name, new SideSamples(turn(side), () => arrivedAt)]),
      );
      const all = [...samples.values()];
      for (let i = 0; i < FIRST_TOKEN_TURNS.warmupTurns; i++) {
        for (const side of all) await side.run(false);
      }
      for (let i = 0; i < FIRST_TOKEN_TURNS.turns; i++) {
        const order = [...all.slice(i % all.length), ...all.slice(0, i % all.length)];
        for (const side of order) await side.run(true);
        // The fake keeps every body it got: 1.4 MB each on the all-sent side.
        fake.reset();
      }
      const firstTokenMs = Object.fromEntries(
        [...samples].map(([name, side]) => [name, side.summary().ms]),
      ) as Record<Side, Summary>;
      const bytes = (side: Side) => round(requests[side].bodyBytes / requests.allSent.bodyBytes);
      const median = (side: Side) => round(firstTokenMs[side].median / firstTokenMs.allSent.median);
      const ratio = {
        bytes: { ownSearch: bytes('ownSearch'), apiSearch: bytes('apiSearch') },
        firstTokenMedian: { ownSearch: median('ownSearch'), apiSearch: median('apiSearch') },
      };
      return {
        recall,
        servers: catalogue.length,
        catalogTools,
        requests,
        firstTokenMs,
        ratio,
        ...FIRST_TOKEN_TURNS,
        goals: [
          atLeast(
            'toolSearch.recall.heldOut',
            `top-${recall.k} recall of the tool search over ${recall.heldOut.queries} held-out queries written before any tuning and never tuned on, ${recall.tools} tools`,
            recall.heldOut.recall,
            RECALL_GOAL,
            'ratio',
          ),
          atLeast(
            'toolSearch.recall.tuning',
            `top-${recall.k} recall over the ${recall.queries} queries of queries.json (${Object.entries(
              recall.bySet,
            )
              .map(([set, part]) => `${part.queries} ${set}`)
              .join(', ')}; the tuning ones were looked at while tuning), ${recall.tools} tools`,
            recall.recall,
            RECALL_GOAL,
            'ratio',
          ),
          atMost(
            'toolSearch.requestBytes',
            `request bytes with ${catalogTools} tools, our search (search tool + always-loaded) / every definition sent`,
            ratio.bytes.ownSearch,
            BYTES_LIMIT,
            'ratio',
          ),
          atMost(
            'toolSearch.firstToken.median',
            `time to first token with ${catalogTools} tools, our search / every definition sent, median`,
            ratio.firstTokenMedian.ownSearch,
            FIRST_TOKEN_LIMIT,
            'ratio',
          ),
        ],
      };
    } finally {
      await disposeCore();
    }
  } finally {
    await closeFake();
  }
}
