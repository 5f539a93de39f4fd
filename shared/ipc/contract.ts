import { conversationToolSearchSchema } from '../domain/toolSearch';
import { secretStorageSchema } from '../domain/secretStorage';
import { z } from 'zod';
import type { JsonReply } from './JsonReply';
import {
  configDocumentSchema,
  configProblemSchema,
  importSourceSchema,
  logEntrySchema,
  promptViewSchema,
  resourceTemplateViewSchema,
  resourceViewSchema,
  serverDetailSchema,
  serverViewSchema,
  toolViewSchema,
  trafficEntrySchema,
} from '../domain/mcpViews';
import { settingsPatchSchema, settingsSnapshotSchema } from '../domain/settings';
import {
  approvalDecisionSchema,
  approvalOutcomeSchema,
  approvalRequestSchema,
  grantViewSchema,
} from '../domain/approvals';
import { conversationEventSchema } from '../domain/conversationEvents';
import {
  conversationSummarySchema,
  messageViewSchema,
  TOOL_RESULT_TEXT_SLICE_CHARS,
  toolCallViewSchema,
} from '../domain/conversationViews';
import { conversationExportSchema } from '../domain/conversationExport';
import {
  modelGroupSchema,
  providerAddSchema,
  providerIdSchema,
  providerPatchSchema,
  providerTestResultSchema,
  providerViewSchema,
} from '../domain/providers';
import {
  FILE_CHUNK_CHARS,
  attachmentInputsSchema,
  completionRefSchema,
  completionResultSchema,
  serverPromptsSchema,
  serverResourcesSchema,
  subscriptionViewSchema,
} from '../domain/attachments';
import { MAX_SECRET_CHARS, secretNameSchema } from '../domain/secretName';
import { serverSkillsViewSchema } from '../domain/skills';
import { toolOutcomeSchema } from '../domain/toolOutcome';
import { toolRunIdSchema, toolRunProgressSchema } from '../domain/toolRuns';
import { taskViewSchema } from '../domain/tasks';
import {
  elicitationResponseSchema,
  interactionOutcomeSchema,
  interactionPoliciesSchema,
  interactionViewSchema,
  rootViewSchema,
  samplingDecisionSchema,
  serverInteractionPolicySchema,
  urlActionSchema,
} from '../domain/interactions';
import { measureJson } from './measureJson';
import { gettingServersRequests } from './gettingServersContract';
import { appEvents, appRequests } from './appsContract';
import { toolSearchRequests } from './toolSearchContract';
import { serverUseRequests } from './serverUseContract';
import { eventsEvents, eventsRequests } from './eventsContract';
import { sandboxEvents, sandboxRequests } from './sandboxContract';
import { uiStatePatchSchema, uiStateSchema } from '../domain/uiState';
import type { EventName, RequestName } from './names';

/** A request: the input main parses, and the output it promises. */
export interface RequestDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  description: string;
}

/** An event pushed from main to every window. */
export interface EventDef<P extends z.ZodType = z.ZodType> {
  payload: P;
  description: string;
}

const empty = z.object({}).strict();
const conversationId = z.string().min(1).max(200);
const serverName = z.string().min(1).max(200);
const jsonObject = z.record(z.string(), z.unknown());
const server = z.object({ server: serverName }).strict();
const interactionId = z.string().min(1).max(200);
/** Arguments typed by a person or a script; bounded so one request cannot exhaust main. */
const toolArguments = jsonObject.refine(
  (v) => measureJson(v, { maxDepth: 100, maxChars: 512 * 1024 }).ok,
  { message: 'Arguments larger than 512 KiB or nested deeper than 100 levels' },
);

export const shellKindSchema = z.enum(['electron', 'web']);

export const bootstrapSchema = z.object({
  version: z.string(),
  platform: z.string(),
  shell: shellKindSchema,
  settings: settingsSnapshotSchema,
  servers: z.array(serverViewSchema),
  conversations: z.array(conversationSummarySchema),
  pendingApprovals: z.array(approvalRequestSchema),
  /** Optional so an older main's snapshot still parses. */
  pendingInteractions: z.array(interactionViewSchema).optional(),
  /** Running and recently ended tasks; optional so an older main's snapshot still parses. */
  tasks: z.array(taskViewSchema).optional(),
  /** Where the window was left (last conversation, sidebar); optional like the above. */
  uiState: uiStateSchema.optional(),
  /** Where secrets are kept (keychain or a private file, and why); optional like the above. */
  secretStorage: secretStorageSchema.optional(),
});
export type Bootstrap = z.infer<typeof bootstrapSchema>;

/** Every request main answers. Names are `domain.verb`. */
export const requests = {
  'app.bootstrap': {
    input: empty,
    output: bootstrapSchema,
    description: 'Full snapshot for a freshly loaded window: version, platform, shell, settings.',
  },
  'settings.get': {
    input: empty,
    output: settingsSnapshotSchema,
    description: 'Current settings; says whether an API key is set, never the key.',
  },
  'settings.update': {
    input: settingsPatchSchema,
    output: settingsSnapshotSchema,
    description: 'Changes some settings; emits settings.changed.',
  },
  'settings.setApiKey': {
    input: z.object({ apiKey: z.string().trim().min(1).max(512) }).strict(),
    output: settingsSnapshotSchema,
    description: 'Stores the API key in the secret store. The key is never sent back.',
  },
  'settings.clearApiKey': {
    input: empty,
    output: settingsSnapshotSchema,
    description: 'Forgets the stored API key.',
  },
  'ui.update': {
    input: uiStatePatchSchema,
    output: uiStateSchema,
    description: 'Remembers where the window is (last conversation, sidebar) for the next start.',
  },
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
  'config.get': {
    input: empty,
    output: configDocumentSchema,
    description: 'The servers file: path, text and problems.',
  },
  'config.save': {
    input: z.object({ text: z.string().max(4 * 1024 * 1024) }).strict(),
    output: z.object({ saved: z.boolean(), document: configDocumentSchema }),
    description:
      'Saves the editor’s text atomically and applies it live. Not saved (saved: false) when it is not JSON, or when the file changed on disk since it was loaded; JSON with schema errors is saved, its problems are in the document and the last good servers keep running. Saving a file that became empty as it is confirms stopping its servers.',
  },
  'config.validate': {
    input: z.object({ text: z.string().max(4 * 1024 * 1024) }).strict(),
    output: z.object({ problems: z.array(configProblemSchema) }),
    description:
      'Checks the editor’s text exactly as a save would (syntax, schema, environment references), writing and applying nothing: its problems with line and column, as the person types.',
  },
  'config.listImports': {
    input: empty,
    output: z.object({
      sources: z.array(importSourceSchema),
      /** Every place looked at, found or not (shown when nothing was found). */
      searched: z.array(z.string()).optional(),
    }),
    description: 'Other hosts’ server files found on this machine, with what they would add.',
  },
  'config.applyImport': {
    input: z
      .object({
        sourceId: z.string(),
        names: z.array(z.string()),
        renames: z.record(z.string(), serverName),
        inputs: z.record(z.string(), z.string()),
        /** Move plaintext credentials found in the imported entries into the secret store. */
        moveSecrets: z.boolean().optional(),
      })
      .strict(),
    output: configDocumentSchema,
    description: 'Adds the chosen servers of an import source; never overwrites existing names.',
  },
  'conversation.list': {
    input: z.object({ query: z.string().max(500).optional() }).strict(),
    output: z.object({ conversations: z.array(conversationSummarySchema) }),
    description: 'Conversations, newest first; with a query, full-text search with snippets.',
  },
  'conversation.create': {
    input: z
      .object({
        title: z.string().max(200).optional(),
        /** The tool search choice made in the new chat before its first message. */
        toolSearch: conversationToolSearchSchema.optional(),
      })
      .strict(),
    output: conversationSummarySchema,
    description: 'Starts an empty conversation.',
  },
  'conversation.get': {
    input: z
      .object({
        id: conversationId,
        beforeOrdinal: z.number().int().optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict(),
    output: z.object({
      conversation: conversationSummarySchema,
      messages: z.array(messageViewSchema),
      toolCalls: z.array(toolCallViewSchema),
      /** Older messages exist before the first one returned. */
      hasMore: z.boolean(),
    }),
    description: 'A page of messages (newest last) with their tool calls.',
  },
  'conversation.rename': {
    input: z.object({ id: conversationId, title: z.string().trim().min(1).max(200) }).strict(),
    output: conversationSummarySchema,
    description: 'Renames a conversation.',
  },
  'conversation.delete': {
    input: z.object({ id: conversationId }).strict(),
    output: z.object({}),
    description: 'Deletes a conversation and everything in it (stops its turn first).',
  },
  'conversation.send': {
    input: z
      .object({
        conversationId,
        text: z.string().trim().max(200_000),
        model: z.string().min(1).max(200).optional(),
        attachments: attachmentInputsSchema.optional(),
      })
      .strict()
      .refine((v) => v.text.length > 0 || (v.attachments?.length ?? 0) > 0, {
        message: 'A message needs text or an attachment',
        path: ['text'],
      }),
    output: z.object({ turnId: z.string() }),
    description:
      'Adds the person’s message and runs a turn; progress arrives as conversation.streamed.',
  },
  'conversation.stop': {
    input: z.object({ conversationId }).strict(),
    output: z.object({}),
    description:
      'Stops the running turn: the stream ends, tool calls are cancelled, nothing received is lost.',
  },
  'conversation.cancelToolCall': {
    input: z.object({ conversationId, toolUseId: z.string().min(1).max(200) }).strict(),
    output: z.object({}),
    description:
      'Cancels one tool call of the running turn (waiting for approval or running); the model gets ' +
      'an error result saying the person cancelled it and the turn goes on. Nothing to do when ' +
      'the call already ended.',
  },
  'conversation.retry': {
    input: z.object({ conversationId, model: z.string().min(1).max(200).optional() }).strict(),
    output: z.object({ turnId: z.string() }),
    description: 'Runs the last turn again (after a failure, a stop or an interruption).',
  },
  'conversation.continue': {
    input: z.object({ conversationId, model: z.string().min(1).max(200).optional() }).strict(),
    output: z.object({ turnId: z.string() }),
    description:
      'Goes on with the newest reply, which was cut off (failed, stopped, interrupted) with ' +
      'some text: it is kept, and the model continues from where it ended.',
  },
  'conversation.edit': {
    input: z
      .object({
        conversationId,
        messageId: z.string(),
        text: z.string().trim().min(1).max(200_000),
      })
      .strict(),
    output: z.object({ turnId: z.string() }),
    description: 'Replaces a user message and everything after it, then runs a turn.',
  },
  'conversation.switchBranch': {
    input: z
      .object({
        conversationId,
        messageId: z.string().min(1).max(200),
        direction: z.enum(['previous', 'next']),
      })
      .strict(),
    output: conversationSummarySchema,
    description:
      'Shows the previous or next version of an edited message, with what followed that ' +
      'version; read the conversation again to see it.',
  },
  'attachments.stageFile': {
    input: z
      .object({
        stagingId: z.string().min(1).max(100).optional(),
        name: z.string().trim().min(1).max(1000),
        mimeType: z.string().max(200).optional(),
        size: z.number().int().nonnegative(),
        chunk: z.string().max(FILE_CHUNK_CHARS),
        last: z.boolean(),
      })
      .strict(),
    output: z.object({ stagingId: z.string() }),
    description:
      'One piece of a file the person attached from their computer (pieces stay under the web ' +
      'shell’s frame limit). Main keeps it until the message is sent with {kind:"file", stagingId}.',
  },
  'attachments.discardFile': {
    input: z.object({ stagingId: z.string().min(1).max(100) }).strict(),
    output: z.object({}),
    description: 'Forgets a staged file the person removed from the composer.',
  },
  'conversation.export': {
    input: z.object({ id: conversationId }).strict(),
    output: conversationExportSchema,
    description:
      'The whole conversation (the branch that shows) with full tool results, as one document ' +
      'to save as JSON or write out as Markdown.',
  },
  'conversation.getToolResult': {
    input: z
      .object({
        toolUseId: z.string().min(1).max(200),
        /** Cut every longer text block to this many characters (listed in `cut`). */
        maxTextChars: z.number().int().min(1).max(TOOL_RESULT_TEXT_SLICE_CHARS).optional(),
      })
      .strict(),
    output: z.object({
      outcome: toolOutcomeSchema,
      durationMs: z.number().optional(),
      /** Text blocks cut to `maxTextChars`: their index in `content` and whole length. */
      cut: z
        .array(z.object({ block: z.number().int().min(0), chars: z.number().int().min(0) }))
        .optional(),
    }),
    description:
      'The full, untruncated result of a tool call; with `maxTextChars`, long text blocks come cut and `conversation.getToolResultText` reads the rest.',
  },
  'conversation.getToolResultText': {
    input: z
      .object({
        toolUseId: z.string().min(1).max(200),
        /** Index of a text block (or embedded text resource) in the result's `content`. */
        block: z.number().int().min(0),
        offset: z.number().int().min(0),
        maxChars: z.number().int().min(1).max(TOOL_RESULT_TEXT_SLICE_CHARS),
      })
      .strict(),
    output: z.object({ text: z.string(), totalChars: z.number().int().min(0) }),
    description:
      'A slice of one text block of a stored tool result: `maxChars` characters from `offset`, and the block’s whole length.',
  },
  'models.list': {
    input: z.object({ refresh: z.boolean().optional() }).strict(),
    output: z.object({
      /** One group per provider; a group's `error` says why its list is only what is known. */
      groups: z.array(modelGroupSchema),
      /** The default model ref (`provider/model`). */
      defaultModel: z.string(),
    }),
    description: 'Every provider’s models (listed by the provider, cached, plus typed-in ones).',
  },
  'providers.list': {
    input: empty,
    output: z.object({ providers: z.array(providerViewSchema) }),
    description: 'The model providers: built in, from the environment, added. Never a key.',
  },
  'providers.add': {
    input: providerAddSchema,
    output: providerViewSchema,
    description:
      'Adds a provider from a preset, with the name, URL and key the person gave (the key to the secret store); emits providers.changed.',
  },
  'providers.testDraft': {
    input: providerAddSchema,
    output: providerTestResultSchema,
    description:
      'Test before adding: asks a provider that does not exist yet (a preset with a URL and key) for its model list. Nothing is saved.',
  },
  'providers.update': {
    input: z.object({ id: providerIdSchema, patch: providerPatchSchema }).strict(),
    output: providerViewSchema,
    description: 'Changes a provider’s name, URL, typed-in models or image setting.',
  },
  'providers.remove': {
    input: z.object({ id: providerIdSchema }).strict(),
    output: z.object({}),
    description: 'Removes an added provider and forgets its key.',
  },
  'providers.setApiKey': {
    input: z.object({ id: providerIdSchema, apiKey: z.string().trim().min(1).max(512) }).strict(),
    output: providerViewSchema,
    description: 'Stores a provider’s key in the secret store. The key is never sent back.',
  },
  'providers.clearApiKey': {
    input: z.object({ id: providerIdSchema }).strict(),
    output: providerViewSchema,
    description: 'Forgets a provider’s stored key.',
  },
  'providers.test': {
    input: z.object({ id: providerIdSchema }).strict(),
    output: providerTestResultSchema,
    description: 'Test connection: asks the provider for its model list now.',
  },
  'approvals.pending': {
    input: empty,
    output: z.object({ requests: z.array(approvalRequestSchema) }),
    description: 'Tool calls waiting for the person.',
  },
  'approvals.respond': {
    input: z
      .object({ requestId: z.string().min(1).max(200), decision: approvalDecisionSchema })
      .strict(),
    output: z.object({}),
    description: 'The person’s decision on a waiting tool call.',
  },
  'approvals.listGrants': {
    input: empty,
    output: z.object({ grants: z.array(grantViewSchema) }),
    description: '“Always allow” grants, with suspended ones and what changed.',
  },
  'approvals.revokeGrant': {
    input: z.object({ id: z.string().min(1).max(200) }).strict(),
    output: z.object({}),
    description: 'Revokes an “always allow” grant.',
  },
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
  ...gettingServersRequests,
  'tasks.list': {
    input: empty,
    output: z.object({ tasks: z.array(taskViewSchema) }),
    description:
      'Running and recently ended tasks (tool calls the servers run as tasks) across conversations, newest first.',
  },
  'tasks.cancel': {
    input: z.object({ id: z.string().min(1).max(64) }).strict(),
    output: empty,
    description:
      'Asks the server to cancel a task (tasks/cancel), wherever it was started. An ended or unknown task is a no-op; a server that is not up yet gets the request when it is.',
  },
  ...appRequests,
  ...toolSearchRequests,
  ...sandboxRequests,
  'skills.list': {
    input: z.object({ server: serverName }).strict(),
    output: serverSkillsViewSchema,
    description:
      "One server's skills (SEP-2640) as listed, with the person's choices; no file is fetched.",
  },
  'skills.setEnabled': {
    input: z
      .object({
        server: serverName,
        uri: z.string().min(1).max(4096),
        enabled: z.boolean(),
        /** The `digest` of the view the person approved from: refused if the listing changed. */
        digest: z.string().max(100).optional(),
      })
      .strict(),
    output: serverSkillsViewSchema,
    description:
      'Approves one skill of a server as listed (offered to the model while the listing stays as approved), or turns it off; kept.',
  },
  'secrets.list': {
    input: empty,
    output: z.object({ names: z.array(z.string()) }),
    description:
      'Names of the secrets kept for ${secret:NAME} in the servers file, whoever stored them (never values).',
  },
  'secrets.set': {
    input: z
      .object({ name: secretNameSchema, value: z.string().min(1).max(MAX_SECRET_CHARS) })
      .strict(),
    output: z.object({ names: z.array(z.string()) }),
    description: 'Keeps a secret in the secret store under NAME (write-only: never read back).',
  },
  'secrets.delete': {
    input: z.object({ name: secretNameSchema }).strict(),
    output: z.object({ names: z.array(z.string()) }),
    description: 'Forgets a kept secret.',
  },
  ...eventsRequests,
} as const satisfies Record<RequestName, RequestDef>;

/** Every event main emits. Names are `domain.pastTense`. */
export const events = {
  'settings.changed': {
    payload: settingsSnapshotSchema,
    description: 'Settings changed (from any window or shell).',
  },
  'mcp.serversChanged': {
    payload: z.object({ servers: z.array(serverViewSchema) }),
    description: 'A server was added, removed, or changed status (coalesced).',
  },
  'mcp.toolsChanged': {
    payload: z.object({ server: serverName }),
    description: 'A server’s tools or their enable state changed.',
  },
  'mcp.listChanged': {
    payload: z.object({ server: serverName, list: z.enum(['prompts', 'resources']) }),
    description: 'A server announced new prompts or resources.',
  },
  'mcp.resourceUpdated': {
    payload: z.object({ server: serverName, uri: z.string(), at: z.number() }),
    description: 'A watched resource changed on its server.',
  },
  'mcp.logAppended': {
    payload: z.object({ server: serverName, entries: z.array(logEntrySchema) }),
    description: 'New log lines of a server (batched).',
  },
  'mcp.trafficRecorded': {
    payload: z.object({ server: serverName, entries: z.array(trafficEntrySchema) }),
    description: 'New JSON-RPC traffic of a server (batched).',
  },
  'mcp.toolRunProgressed': {
    payload: toolRunProgressSchema,
    description:
      'Progress of a tool run started with a `runId` (at most 10 per second per run, the latest wins; best effort).',
  },
  'config.changed': {
    payload: configDocumentSchema,
    description: 'The servers file changed (in the app or outside it).',
  },
  'conversation.updated': {
    payload: z.object({ conversation: conversationSummarySchema }),
    description: 'A conversation was created, renamed, started or finished a turn.',
  },
  'conversation.deleted': {
    payload: z.object({ id: z.string() }),
    description: 'A conversation was deleted.',
  },
  'conversation.streamed': {
    payload: z.object({
      event: conversationEventSchema,
      /**
       * For toolUseStarted/toolResult: which server and tool the model-facing name meant, and
       * the tool's App (`ui://` resource) if it has one.
       */
      tool: z
        .object({ server: z.string(), tool: z.string(), uiResourceUri: z.string().optional() })
        .optional(),
    }),
    description:
      'One step of a running turn (deltas, tool calls, retries, finish). Tool results carry a bounded preview.',
  },
  'approvals.requested': {
    payload: z.object({ request: approvalRequestSchema }),
    description: 'A tool call waits for the person’s decision.',
  },
  'approvals.resolved': {
    payload: z.object({ requestId: z.string(), outcome: approvalOutcomeSchema }),
    description: 'A waiting call was decided (here, in another window, by a grant) or withdrawn.',
  },
  'approvals.grantsChanged': {
    payload: z.object({ grants: z.array(grantViewSchema) }),
    description: 'The list of “always allow” grants changed.',
  },
  'interactions.changed': {
    payload: z.object({ interaction: interactionViewSchema }),
    description: 'A server’s interaction request is new or changed stage.',
  },
  'interactions.resolved': {
    payload: z.object({ id: z.string(), outcome: interactionOutcomeSchema }),
    description: 'An interaction was answered, or withdrawn because the server cancelled or left.',
  },
  'interactions.refused': {
    payload: z.object({
      server: z.string(),
      kind: z.enum(['sampling', 'elicitation']),
      /** How many may wait at once per server. */
      limit: z.number().int().positive(),
    }),
    description:
      'A server asked while as many of its requests as allowed were waiting; the request was refused.',
  },
  'interactions.policiesChanged': {
    payload: z.object({ policies: interactionPoliciesSchema }),
    description: 'Per-server interaction policies changed.',
  },
  'roots.changed': {
    payload: z.object({ roots: z.array(rootViewSchema) }),
    description: 'The folders granted to servers changed.',
  },
  'tasks.changed': {
    payload: z.object({ task: taskViewSchema }),
    description: 'A task started, changed status or message, ended, or its result was delivered.',
  },
  'providers.changed': {
    payload: z.object({ providers: z.array(providerViewSchema) }),
    description: 'A model provider was added, changed or removed, or its key was set or cleared.',
  },
  ...appEvents,
  'skills.changed': {
    payload: serverSkillsViewSchema,
    description:
      "A server's skills changed: listed again (an approval a change revoked included), enabled or disabled, or one refused.",
  },
  ...eventsEvents,
  ...sandboxEvents,
} as const satisfies Record<EventName, EventDef>;

// Compile-time proof that names.ts lists exactly the contract's keys.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const namesMatchContract: [
  Exact<keyof typeof requests, RequestName>,
  Exact<keyof typeof events, EventName>,
] = [true, true];

export type Requests = typeof requests;
export type Events = typeof events;
export type RequestInput<N extends RequestName> = z.input<Requests[N]['input']>;
export type ParsedInput<N extends RequestName> = z.output<Requests[N]['input']>;
export type RequestOutput<N extends RequestName> = z.output<Requests[N]['output']>;
export type EventPayload<N extends EventName> = z.output<Events[N]['payload']>;

/** Requests answered with their JSON built already: long histories go out as stored. */
type JsonAnswered = 'conversation.get';

/** What a handler answers: the value, or for some requests its JSON (see {@link JsonReply}). */
export type HandlerOutput<N extends RequestName> = N extends JsonAnswered
  ? JsonReply<RequestOutput<N>>
  : RequestOutput<N>;

/** The handler map main must provide: a missing handler does not compile. */
export type RequestHandlers = {
  [N in RequestName]: (input: ParsedInput<N>) => Promise<HandlerOutput<N>> | HandlerOutput<N>;
};
