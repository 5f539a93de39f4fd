import { z } from 'zod';
import type { JsonReply } from './JsonReply';
import {
  configDocumentSchema,
  logEntrySchema,
  serverViewSchema,
  trafficEntrySchema,
} from '../domain/mcpViews';
import { settingsSnapshotSchema } from '../domain/settings';
import { approvalOutcomeSchema, approvalRequestSchema, grantViewSchema } from '../domain/approvals';
import { conversationEventSchema } from '../domain/conversationEvents';
import { conversationSummarySchema } from '../domain/conversationViews';
import { providerViewSchema } from '../domain/providers';
import { serverSkillsViewSchema } from '../domain/skills';
import { toolRunProgressSchema } from '../domain/toolRuns';
import { taskViewSchema } from '../domain/tasks';
import {
  interactionOutcomeSchema,
  interactionPoliciesSchema,
  interactionViewSchema,
  rootViewSchema,
} from '../domain/interactions';
import { gettingServersRequests } from './gettingServersContract';
import { appEvents, appRequests } from './appsContract';
import { toolSearchRequests } from './toolSearchContract';
import { eventsEvents, eventsRequests } from './eventsContract';
import { sandboxEvents, sandboxRequests } from './sandboxContract';
import type { EventName, RequestName } from './names';
import { serverName } from './contractSchemas';
import { approvalsRequests } from './approvalsContract';
import { configRequests } from './configContract';
import { conversationRequests } from './conversationContract';
import { interactionsRequests } from './interactionsContract';
import { mcpRequests } from './mcpContract';
import { providersRequests } from './providersContract';
import { secretsRequests } from './secretsContract';
import { settingsRequests } from './settingsContract';
import { skillsRequests } from './skillsContract';
import { tasksRequests } from './tasksContract';

export { bootstrapSchema, shellKindSchema, type Bootstrap } from './settingsContract';

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

/** Every request main answers. Names are `domain.verb`. */
export const requests = {
  ...settingsRequests,
  ...mcpRequests,
  ...configRequests,
  ...conversationRequests,
  ...providersRequests,
  ...approvalsRequests,
  ...interactionsRequests,
  ...gettingServersRequests,
  ...tasksRequests,
  ...appRequests,
  ...toolSearchRequests,
  ...sandboxRequests,
  ...skillsRequests,
  ...secretsRequests,
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
