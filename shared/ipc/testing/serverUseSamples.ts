import type { ServerCosts } from '../../domain/serverCosts';

/** A representative answer of `mcp.sampleCosts`, for the contract's round-trip test. */
export const serverCostsSample: ServerCosts = {
  at: 1_700_000_000_000,
  servers: [
    {
      server: 'fs',
      pid: 4242,
      processes: 2,
      rssBytes: 61_000_000,
      cpuPercent: 1.5,
      growing: false,
    },
    { server: 'leaky', pid: 4300, processes: 1, rssBytes: 900_000_000, growing: true },
  ],
  host: { rssBytes: 120_000_000 },
};

/** Input and output samples of the servers-on-demand requests. */
export function serverUseSamples(
  server: unknown,
): Record<string, { input: unknown; output: unknown }> {
  const remembered = {
    ...(server as Record<string, unknown>),
    status: { kind: 'remembered', toolCount: 12, learnedAt: 5, idleStoppedAt: 9 },
  };
  return {
    'mcp.startServer': { input: { name: 'fs' }, output: server },
    'mcp.stopServer': { input: { name: 'fs' }, output: remembered },
    'mcp.sampleCosts': { input: {}, output: serverCostsSample },
  };
}
