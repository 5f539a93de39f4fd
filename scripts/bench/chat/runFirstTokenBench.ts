import { round, summarize, type Summary } from '../summarize';
import type { FirstTokenTiming } from './FirstTokenTiming';

/** Time to first token of one side, whole and split at the request's arrival at the fake. */
export interface FirstTokenSide {
  /** Start → first text delta: the goal's measure. */
  ms: Summary;
  /** Start → the fake has the whole request (parsed and validated) and picks its reply. */
  toRequestMs: Summary;
  /** From there → first text delta: the response's way back through the client. */
  fromRequestMs: Summary;
}

/** Both sides of a first-token comparison, and host over bare. */
export interface FirstTokenComparison {
  host: FirstTokenSide;
  bare: FirstTokenSide;
  /** Median host minus median bare. */
  hostOverheadMs: number;
  ratio: { median: number; p99: number };
  /**
   * The same bare SDK given the fetch the host gives its SDK (not the SDK's default), timed in
   * the same rounds: host over it is what the host costs with the HTTP client set aside.
   */
  bareHostFetch?: FirstTokenSide & { hostRatio: number };
}

/**
 * Times `turns` turns of each side after `warmupTurns` untimed ones, host and bare alternating
 * (who goes first rotates every round) so drift in machine load hits both alike. `arrivedAt`
 * tells when the fake last had a whole request, which splits each time in two.
 */
export async function compareFirstToken(options: {
  host: () => Promise<FirstTokenTiming>;
  bare: () => Promise<FirstTokenTiming>;
  /** The bare SDK with the host's fetch (see FirstTokenComparison.bareHostFetch). */
  bareHostFetch?: () => Promise<FirstTokenTiming>;
  arrivedAt: () => number;
  warmupTurns: number;
  turns: number;
}): Promise<FirstTokenComparison> {
  const host = new SideSamples(options.host, options.arrivedAt);
  const bare = new SideSamples(options.bare, options.arrivedAt);
  const hostFetch = options.bareHostFetch
    ? new SideSamples(options.bareHostFetch, options.arrivedAt)
    : undefined;
  const sides = [host, bare, ...(hostFetch ? [hostFetch] : [])];
  for (let i = 0; i < options.warmupTurns; i++) {
    for (const side of sides) await side.run(false);
  }
  for (let i = 0; i < options.turns; i++) {
    // Who goes first rotates every round.
    for (let k = 0; k < sides.length; k++) await sides[(i + k) % sides.length]?.run(true);
  }
  const hostSide = host.summary();
  const bareSide = bare.summary();
  const hostFetchSide = hostFetch?.summary();
  return {
    host: hostSide,
    bare: bareSide,
    hostOverheadMs: round(hostSide.ms.median - bareSide.ms.median),
    ratio: {
      median: round(hostSide.ms.median / bareSide.ms.median),
      p99: round(hostSide.ms.p99 / bareSide.ms.p99),
    },
    ...(hostFetchSide
      ? {
          bareHostFetch: {
            ...hostFetchSide,
            hostRatio: round(hostSide.ms.median / hostFetchSide.ms.median),
          },
        }
      : {}),
  };
}

/** One side's samples: whole time to first token and its split at the request's arrival. */
export class SideSamples {
  private readonly whole: number[] = [];
  private readonly toRequest: number[] = [];
  private readonly fromRequest: number[] = [];

  constructor(
    private readonly turn: () => Promise<FirstTokenTiming>,
    private readonly arrivedAt: () => number,
  ) {}

  async run(keep: boolean): Promise<void> {
    const timing = await this.turn();
    if (!keep) return;
    const arrived = this.arrivedAt();
    if (arrived < timing.started || arrived > timing.firstToken) {
      throw new Error('the request arrived outside its own turn');
    }
    this.whole.push(timing.firstToken - timing.started);
    this.toRequest.push(arrived - timing.started);
    this.fromRequest.push(timing.firstToken - arrived);
  }

  summary(): FirstTokenSide {
    return {
      ms: summarize(this.whole),
      toRequestMs: summarize(this.toRequest),
      fromRequestMs: summarize(this.fromRequest),
    };
  }
}

/** Turns per side of a first-token benchmark, after as many untimed ones. */
export const FIRST_TOKEN_TURNS = { warmupTurns: 5, turns: 60 };
