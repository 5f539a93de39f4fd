import { z } from 'zod';
import { toolViewSchema } from '../domain/mcpViews';
import { catalogCostsSchema, conversationToolSearchSchema } from '../domain/toolSearch';
import type { RequestDef } from './contract';
import type { ToolSearchRequestName } from './toolSearchNames';

/**
 * The large-catalogue part of the contract (spread into `requests` in contract.ts): what the
 * tool definitions cost, always-loaded tools, and a conversation's own tool search choice.
 */
const conversationId = z.string().min(1).max(200);
const serverName = z.string().min(1).max(200);

export const toolSearchRequests = {
  'catalog.costs': {
    input: z
      .object({
        /** Counts the conversation's choice, loaded tools, model and size. */
        conversationId: conversationId.optional(),
        /** A model ref to plan for when there is no conversation yet (a new chat). */
        model: z.string().min(1).max(300).optional(),
        /** A new chat's own tool search choice, before the conversation exists. */
        mode: conversationToolSearchSchema.optional(),
      })
      .strict(),
    output: catalogCostsSchema,
    description:
      'Estimated tokens of the tool definitions per server and in total, and what a request would carry (every tool, or a search tool with the always-loaded and found tools) with the context it would fill.',
  },
  'catalog.setToolAlwaysLoaded': {
    input: z
      .object({ server: serverName, tool: z.string().min(1), alwaysLoaded: z.boolean() })
      .strict(),
    output: toolViewSchema,
    description:
      'Keeps a tool loaded in full while tool search holds the others back (or not); persisted. Overrides the server’s hint.',
  },
  'conversation.setToolSearch': {
    input: z.object({ id: conversationId, mode: conversationToolSearchSchema }).strict(),
    output: catalogCostsSchema,
    description:
      'A conversation’s own tool search choice: follow the settings, or force it on or off. Answers with the conversation’s costs under it.',
  },
} as const satisfies Record<ToolSearchRequestName, RequestDef>;
