import { z } from 'zod';
import { sandboxDetailSchema, sandboxViolationSchema } from '../domain/serverSandbox';
import type { EventDef, RequestDef } from './contract';
import type { SandboxEventName, SandboxRequestName } from './sandboxNames';

/**
 * Sandboxed servers (spread into contract.ts): a server's rules in force and what it tried
 * that they refused, and the one click that allows such an attempt from then on.
 */
const serverName = z.string().min(1).max(200);

export const sandboxRequests = {
  'sandbox.get': {
    input: z.object({ server: serverName }).strict(),
    output: sandboxDetailSchema,
    description:
      "A server's sandbox: whether it runs sandboxed, what stops it here (a missing program), the rules in force, and its recent refused attempts.",
  },
  'sandbox.allow': {
    input: z
      .object({
        server: serverName,
        id: z.string().min(1).max(100),
        /** Required for an allowance marked `sensitive` (the person was asked twice). */
        confirmSensitive: z.boolean().optional(),
      })
      .strict(),
    output: sandboxDetailSchema,
    description:
      'Allows a refused attempt from then on: the path or host it names is added to the server’s sandbox rules in the servers file, and the server restarts with them. A place that holds credentials needs confirmSensitive.',
  },
} as const satisfies Record<SandboxRequestName, RequestDef>;

export const sandboxEvents = {
  'sandbox.violationsRecorded': {
    payload: z.object({ server: z.string(), violations: z.array(sandboxViolationSchema) }),
    description:
      'A sandboxed server tried something its rules refuse (each new attempt, or a repeat with its count).',
  },
} as const satisfies Record<SandboxEventName, EventDef>;
