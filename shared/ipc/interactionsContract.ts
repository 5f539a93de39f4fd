import { z } from 'zod';
import {
  elicitationResponseSchema,
  interactionPoliciesSchema,
  interactionViewSchema,
  rootViewSchema,
  samplingDecisionSchema,
  serverInteractionPolicySchema,
  urlActionSchema,
} from '../domain/interactions';
import { empty, serverName, interactionId } from './contractSchemas';
import type { RequestDef } from './contract';

/** The server requests part of the contract: sampling, elicitation, URL actions, their policies, and roots. */
export const interactionsRequests = {
  'interactions.pending': {
    input: empty,
    output: z.object({ interactions: z.array(interactionViewSchema) }),
    description: 'Sampling, elicitation and URL requests of servers waiting for the person.',
  },
  'interactions.respondSampling': {
    input: z.object({ id: interactionId, decision: samplingDecisionSchema }).strict(),
    output: z.object({}),
    description:
      'The person’s decision on a sampling request: approve (edited) request, approve result, regenerate, reject.',
  },
  'interactions.respondElicitation': {
    input: z.object({ id: interactionId, response: elicitationResponseSchema }).strict(),
    output: z.object({}),
    description:
      'Answers a form elicitation; accepted content is validated against the requested schema (VALIDATION with per-field messages).',
  },
  'interactions.respondUrl': {
    input: z.object({ id: interactionId, action: urlActionSchema }).strict(),
    output: z.object({}),
    description:
      'Answers a URL elicitation: open (consent; main opens it), decline, cancel, or retry the tool call.',
  },
  'interactions.getPolicies': {
    input: empty,
    output: z.object({ policies: interactionPoliciesSchema }),
    description: 'Per-server interaction policies (sampling ask/deny, max tokens).',
  },
  'interactions.setPolicy': {
    input: z.object({ server: serverName, policy: serverInteractionPolicySchema }).strict(),
    output: z.object({ policies: interactionPoliciesSchema }),
    description: 'Sets one server’s interaction policy; persisted.',
  },
  'roots.list': {
    input: empty,
    output: z.object({ roots: z.array(rootViewSchema), canPick: z.boolean() }),
    description: 'Folders granted to servers as roots; canPick says a native folder picker exists.',
  },
  'roots.add': {
    input: z.object({ path: z.string().trim().min(1).max(4096) }).strict(),
    output: z.object({ roots: z.array(rootViewSchema) }),
    description: 'Grants a folder (absolute path of an existing directory) to servers as a root.',
  },
  'roots.pick': {
    input: empty,
    output: z.object({ roots: z.array(rootViewSchema) }),
    description: 'Opens the native folder picker and grants the chosen folder (Electron only).',
  },
  'roots.remove': {
    input: z.object({ path: z.string().min(1).max(4096) }).strict(),
    output: z.object({ roots: z.array(rootViewSchema) }),
    description: 'Stops granting a folder to servers.',
  },
} as const satisfies Record<string, RequestDef>;
