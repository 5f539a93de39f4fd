import { z } from 'zod';
import {
  appContextViewSchema,
  appLogLevelSchema,
  appOpenResultSchema,
  appPermissionSchema,
  appReportSchema,
  appResourceViewSchema,
  appTargetSchema,
} from '../domain/apps';
import type { AppEventName, AppRequestName } from './appsNames';

/**
 * The MCP Apps part of the contract (spread into `requests` and `events` in contract.ts). Every
 * App request names its frame; main knows the frame's server, conversation and tool call, so
 * nothing an App (or a window) says about them is taken on trust.
 */
const empty = z.object({}).strict();
const frameId = z.string().min(16).max(100);
const jsonObject = z.record(z.string(), z.unknown());
const frame = z.object({ frameId }).strict();
/** The window's name for one request of an App, so the App can cancel it. */
const appRequestId = z.string().min(1).max(100);

export const appRequests = {
  'apps.open': {
    input: z.object({ target: appTargetSchema }).strict(),
    output: appOpenResultSchema,
    description:
      'Prepares an App frame: reads the UI resource (cached by content hash, size-capped), checks its type, builds its sandbox page. A resource that cannot be shown comes back as a failure with its kind.',
  },
  'apps.getHtml': {
    input: frame,
    output: z.object({ html: z.string() }),
    description: 'The HTML of a frame’s App (windows keep one copy per content hash).',
  },
  'apps.close': {
    input: frame,
    output: empty,
    description: 'The frame is gone: its sandbox page stops being served. Unknown ids: no-op.',
  },
  'apps.cancel': {
    input: z.object({ frameId, requestId: appRequestId }).strict(),
    output: empty,
    description:
      'The App cancelled a request it made (notifications/cancelled): a call or page it named with requestId is neither asked about nor run from now on. Unknown ids: no-op.',
  },
  'apps.callTool': {
    input: z
      .object({
        frameId,
        name: z.string().min(1).max(500),
        arguments: jsonObject.refine((v) => JSON.stringify(v).length <= 512 * 1024, {
          message: 'Arguments larger than 512 KiB',
        }),
        requestId: appRequestId.optional(),
      })
      .strict(),
    output: z.object({ result: jsonObject }),
    description:
      'An App calls a tool of its own server: only tools visible to Apps, through the approval broker with the App named as the caller. A denial is an error result.',
  },
  'apps.readResource': {
    input: z.object({ frameId, uri: z.string().min(1).max(8192) }).strict(),
    output: z.object({ contents: z.array(jsonObject) }),
    description: 'An App reads a resource of its own server.',
  },
  'apps.sendMessage': {
    input: z.object({ frameId, text: z.string().trim().min(1).max(200_000) }).strict(),
    output: z.object({ turnId: z.string() }),
    description:
      'The person confirmed a message an App wrote: it is sent in the App’s conversation (with any pending App context).',
  },
  'apps.openLink': {
    input: z
      .object({ frameId, url: z.string().min(1).max(8192), requestId: appRequestId.optional() })
      .strict(),
    output: z.object({ opened: z.boolean() }),
    description:
      'An App asks to open a page: https (or http to this computer) only, after the person’s consent in the URL panel.',
  },
  'apps.updateContext': {
    input: z
      .object({
        frameId,
        content: z.array(jsonObject).max(100).optional(),
        structuredContent: jsonObject.optional(),
      })
      .strict()
      .refine((v) => JSON.stringify(v).length <= 256 * 1024, {
        message: 'Context larger than 256 KiB',
      }),
    output: empty,
    description:
      'An App sets what the model should know on the next turn (replacing what it set before); shown with the next message.',
  },
  'apps.log': {
    input: z
      .object({
        frameId,
        level: appLogLevelSchema,
        logger: z.string().max(200).optional(),
        data: z.unknown(),
      })
      .strict(),
    output: empty,
    description: 'A log record of an App, written to its server’s log.',
  },
  'apps.report': {
    input: z.object({ frameId, report: appReportSchema }).strict(),
    output: empty,
    description:
      'A frame rendered, failed, or met a problem (CSP violation, script error); logged in the server’s log, and a failure is told to the model.',
  },
  'apps.setPermissions': {
    input: z.object({ frameId, allow: z.boolean() }).strict(),
    output: z.object({ granted: z.array(appPermissionSchema) }),
    description:
      'The person allows (or withdraws) the browser permissions the frame’s App declared; kept per server and resource.',
  },
  'apps.pendingContext': {
    input: z.object({ conversationId: z.string().min(1).max(200) }).strict(),
    output: z.object({ contexts: z.array(appContextViewSchema) }),
    description: 'App context waiting to go with the next message of a conversation.',
  },
  'apps.listResources': {
    input: z.object({ server: z.string().min(1).max(200) }).strict(),
    output: z.object({ resources: z.array(appResourceViewSchema) }),
    description: 'The UI resources of a server (listed, or named by its tools).',
  },
} as const;

export const appEvents = {
  'apps.contextChanged': {
    payload: z.object({
      conversationId: z.string(),
      contexts: z.array(appContextViewSchema),
    }),
    description: 'App context waiting for the next message of a conversation changed.',
  },
  'apps.consentQueueChanged': {
    payload: z.object({ appId: z.string(), waiting: z.number().int().nonnegative() }),
    description:
      'How many requests of an App (approvals, pages to open) wait behind the one shown to the person.',
  },
} as const;

// Compile-time proof that appsNames.ts lists exactly these keys.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const appNamesMatch: [
  Exact<keyof typeof appRequests, AppRequestName>,
  Exact<keyof typeof appEvents, AppEventName>,
] = [true, true];
