/** The requests about starting, stopping and measuring servers on demand (spread into names.ts). */
export const serverUseRequestNames = [
  'mcp.startServer',
  'mcp.stopServer',
  'mcp.sampleCosts',
] as const;

export type ServerUseRequestName = (typeof serverUseRequestNames)[number];
