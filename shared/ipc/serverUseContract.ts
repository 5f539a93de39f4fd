import { z } from 'zod';
import { serverViewSchema } from '../domain/mcpViews';
import { serverCostsSchema } from '../domain/serverCosts';
import type { RequestDef } from './contract';
import type { ServerUseRequestName } from './serverUseNames';

const serverName = z.string().min(1).max(200);

/**
 * Servers on demand (spread into `requests` in contract.ts): starting one whose list is
 * remembered, sending it back to that state, and what running servers cost.
 */
export const serverUseRequests = {
  'mcp.startServer': {
    input: z.object({ name: serverName }).strict(),
    output: serverViewSchema,
    description:
      'Starts a server that is not running (its screen was opened); answers at once with its status. A running, starting or disabled server is left as it is.',
  },
  'mcp.stopServer': {
    input: z.object({ name: serverName }).strict(),
    output: serverViewSchema,
    description:
      'Stops a running server and its process tree; with a remembered list it returns to `remembered` and starts again when next needed.',
  },
  'mcp.sampleCosts': {
    input: z.object({}).strict(),
    output: serverCostsSchema,
    description:
      'Memory and CPU of every running local server’s process tree, measured now (CPU since the previous sample). Nothing is measured between requests: windows ask while a screen shows it.',
  },
} as const satisfies Record<ServerUseRequestName, RequestDef>;
