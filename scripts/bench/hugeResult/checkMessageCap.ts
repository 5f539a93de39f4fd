import { DEFAULT_MAX_MESSAGE_BYTES } from '../../../main/services/mcp/session/StdioProcessTransport';
import type { BenchShell } from '../BenchShell';
import { holds, type Goal } from '../Goal';
import { processPeakRssBytes } from '../procStats';
import { round } from '../summarize';
import { expectIntact } from './expectIntact';

const MIB = 1024 * 1024;
/** huge-result.mjs repeats a 56-character line, whose newline JSON writes as two characters. */
const LINE_CHARS = 56;
/**
 * The largest text whose message fits the cap: the message is (56 + 1) / 56 of the text plus
 * its envelope (ids, the SHA-256 block), given 64 KiB of room.
 */
const UNDER_CAP_BYTES = Math.floor(
  ((DEFAULT_MAX_MESSAGE_BYTES - 65_536) * LINE_CHARS) / (LINE_CHARS + 1),
);
/** 256 MiB of text: its message is over the cap. */
const OVER_CAP_BYTES = 256 * MIB;

/** What {@link checkMessageCap} found. */
export interface MessageCapReport {
  capBytes: number;
  underCap: { bytes: number; ms: number; arrived: boolean };
  overCap: { bytes: number; ms: number; error: string | null; namesLimit: boolean };
  /** The server's pid before and after both calls, and whether a small call worked after. */
  serverKept: boolean;
  /** Peak resident memory of the shell process (VmHWM) before and after the two calls, MiB. */
  shellPeakRssMiB: { before: number; after: number };
}

/**
 * Through the web shell's socket, as a window calls a tool: the largest result whose message
 * fits the stdio cap arrives intact, a 256 MiB one (its message over the cap) fails with an
 * error naming the limit, and the same server process then answers a small call.
 */
export async function checkMessageCap(
  shell: BenchShell,
  server: string,
): Promise<{ report: MessageCapReport; goals: Goal[] }> {
  const pidOf = async (): Promise<number | undefined> =>
    ((await shell.socket.value('mcp.getServer', { name: server })) as { pid?: number }).pid;
  const call = (bytes: number) =>
    shell.socket.invoke('mcp.callTool', { server, tool: 'huge', arguments: { bytes } });
  const peakBefore = processPeakRssBytes(shell.process.pid);
  const pidBefore = await pidOf();

  let started = performance.now();
  const under = await call(UNDER_CAP_BYTES);
  const underMs = performance.now() - started;
  let arrived = false;
  if (under.ok) {
    expectIntact((under.value as { result: unknown }).result, UNDER_CAP_BYTES);
    arrived = true;
  }

  started = performance.now();
  const over = await call(OVER_CAP_BYTES);
  const overMs = performance.now() - started;
  const error = over.ok ? null : over.error.message;
  const namesLimit = error?.includes(`${DEFAULT_MAX_MESSAGE_BYTES}-byte limit`) === true;

  const small = await call(64);
  const serverKept = small.ok && pidBefore !== undefined && (await pidOf()) === pidBefore;
  const peakAfter = processPeakRssBytes(shell.process.pid);
  const report: MessageCapReport = {
    capBytes: DEFAULT_MAX_MESSAGE_BYTES,
    underCap: { bytes: UNDER_CAP_BYTES, ms: round(underMs), arrived },
    overCap: { bytes: OVER_CAP_BYTES, ms: round(overMs), error, namesLimit },
    serverKept,
    shellPeakRssMiB: { before: round(peakBefore / MIB), after: round(peakAfter / MIB) },
  };
  const goals = [
    holds(
      'hugeResult.socket.underCap.arrives',
      `a ${round(UNDER_CAP_BYTES / MIB)} MiB result (its message just under the 256 MiB cap) arrives intact through the web shell socket`,
      arrived,
    ),
    holds(
      'hugeResult.socket.overCap.namesLimit',
      'a 256 MiB result (its message over the cap) fails with an error naming the limit',
      namesLimit,
    ),
    holds(
      'hugeResult.socket.overCap.serverKept',
      'after both, the same server process answers a small call (no restart)',
      serverKept,
    ),
  ];
  return { report, goals };
}
