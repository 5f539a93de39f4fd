import { z } from 'zod';
import {
  logEntrySchema,
  promptViewSchema,
  resourceTemplateViewSchema,
  resourceViewSchema,
  serverDetailSchema,
  serverViewSchema,
  toolViewSchema,
  trafficEntrySchema,
} from '../domain/mcpViews';
import {
  completionRefSchema,
  completionResultSchema,
  serverPromptsSchema,
  serverResourcesSchema,
  subscriptionViewSchema,
} from '../domain/attachments';
import { toolRunIdSchema } from '../domain/toolRuns';
import { serverUseRequests } from './serverUseContract';
import { empty, serverName, jsonObject, server, toolArguments } from './contractSchemas';
import type { RequestDef } from './contract';

/** The MCP servers part of the contract: servers, tools, resources, prompts, completions, logs, traffic and sign-in. */
export const mcpRequests = {
  'mcp.listServers': {
    input: empty,
    output: z.object({ servers: z.array(serverViewSchema) }),
    description: 'Every configured server with its current status.',
  },
  'mcp.getServer': {
    input: z.object({ name: serverName }).strict(),
    output: serverDetailSchema,
    description: 'One server in detail: info, capabilities, instructions, tools, stderr tail.',
  },
  ...serverUseRequests,
  'mcp.restartServer': {
    input: z.object({ name: serverName }).strict(),
    output: serverViewSchema,
    description: 'Restarts one server now (also leaves a crash-loop error state).',
  },
  'mcp.setServerEnabled': {
    input: z.object({ name: serverName, enabled: z.boolean() }).strict(),
    output: serverViewSchema,
    description: 'Sets `disabled` in the servers file (an explicit save) and applies it.',
  },
  'mcp.setToolEnabled': {
    input: z.object({ server: serverName, tool: z.string().min(1), enabled: z.boolean() }).strict(),
    output: toolViewSchema,
    description: 'Offers a tool to the model or not; persisted.',
  },
  'mcp.callTool': {
    input: z
      .object({
        server: serverName,
        tool: z.string().min(1),
        arguments: toolArguments,
        /** Names the run for `mcp.cancelToolRun` and `mcp.toolRunProgressed`; unique while running. */
        runId: toolRunIdSchema.optional(),
      })
      .strict(),
    output: z.object({ result: jsonObject, durationMs: z.number() }),
    description:
      'Calls a tool by its original name, as the person asked from the server view. With a `runId` the run reports progress and can be cancelled (then it fails with CANCELLED); a `runId` already running is refused with VALIDATION.',
  },
  'mcp.cancelToolRun': {
    input: z.object({ runId: toolRunIdSchema }).strict(),
    output: empty,
    description:
      'Cancels a tool run started with this `runId` (the server gets notifications/cancelled). An id that is not running (finished already, or unknown) is a no-op.',
  },
  'mcp.listResources': {
    input: server,
    output: z.object({
      resources: z.array(resourceViewSchema),
      templates: z.array(resourceTemplateViewSchema),
    }),
    description: 'Resources and resource templates of one server.',
  },
  'mcp.readResource': {
    input: z.object({ server: serverName, uri: z.string().min(1).max(8192) }).strict(),
    output: z.object({
      contents: z.array(jsonObject),
      /** Decoded bytes of all contents, so the UI can warn before attaching a large one. */
      totalBytes: z.number().int().optional(),
    }),
    description: 'Reads one resource.',
  },
  'mcp.listPrompts': {
    input: server,
    output: z.object({ prompts: z.array(promptViewSchema) }),
    description: 'Prompts of one server.',
  },
  'mcp.getPrompt': {
    input: z
      .object({
        server: serverName,
        name: z.string().min(1),
        arguments: z.record(z.string(), z.string().max(64 * 1024)),
      })
      .strict(),
    output: z.object({ description: z.string().optional(), messages: z.array(jsonObject) }),
    description: 'Gets a prompt with arguments.',
  },
  'mcp.listAllResources': {
    input: empty,
    output: z.object({ servers: z.array(serverResourcesSchema) }),
    description: 'Resources and templates of every ready server, in parallel; failures per server.',
  },
  'mcp.listAllPrompts': {
    input: empty,
    output: z.object({ servers: z.array(serverPromptsSchema) }),
    description: 'Prompts of every ready server, in parallel; failures per server.',
  },
  'mcp.complete': {
    input: z
      .object({
        server: serverName,
        ref: completionRefSchema,
        argument: z.object({ name: z.string().min(1).max(1000), value: z.string().max(8192) }),
        context: z
          .object({ arguments: z.record(z.string(), z.string().max(64 * 1024)) })
          .optional(),
      })
      .strict(),
    output: completionResultSchema,
    description:
      'Completions for a template or prompt argument (a server without completions gives none).',
  },
  'mcp.resolveTemplate': {
    input: z
      .object({
        server: serverName,
        uriTemplate: z.string().min(1).max(8192),
        arguments: z.record(z.string(), z.string().max(64 * 1024)),
      })
      .strict(),
    output: z.object({ uri: z.string() }),
    description: 'Expands a resource template (RFC 6570) with the person’s arguments.',
  },
  'mcp.subscribeResource': {
    input: z.object({ server: serverName, uri: z.string().min(1).max(8192) }).strict(),
    output: z.object({}),
    description: 'Watches a resource; changes arrive as mcp.resourceUpdated.',
  },
  'mcp.unsubscribeResource': {
    input: z.object({ server: serverName, uri: z.string().min(1).max(8192) }).strict(),
    output: z.object({}),
    description: 'Stops watching a resource.',
  },
  'mcp.listSubscriptions': {
    input: empty,
    output: z.object({ subscriptions: z.array(subscriptionViewSchema) }),
    description: 'Watched resources, with when each last changed.',
  },
  'mcp.getLogs': {
    input: z.object({ server: serverName, sinceSeq: z.number().int().optional() }).strict(),
    output: z.object({ entries: z.array(logEntrySchema) }),
    description: 'Kept log lines of one server (stderr, log notifications, host notes).',
  },
  'mcp.getTraffic': {
    input: z.object({ server: serverName, sinceSeq: z.number().int().optional() }).strict(),
    output: z.object({ entries: z.array(trafficEntrySchema) }),
    description: 'Kept JSON-RPC traffic of one server, in order.',
  },
  'mcp.signIn': {
    input: z.object({ name: serverName }).strict(),
    output: empty,
    description:
      'The person clicked "Sign in": opens the authorization URL in the system browser (https or loopback only) and waits for the redirect.',
  },
  'mcp.cancelSignIn': {
    input: z.object({ name: serverName }).strict(),
    output: empty,
    description: 'Stops waiting for the browser; the server stays in needs-sign-in.',
  },
  'mcp.signOut': {
    input: z.object({ name: serverName }).strict(),
    output: empty,
    description: 'Forgets the tokens and client registration of the server and disconnects it.',
  },
} as const satisfies Record<string, RequestDef>;
