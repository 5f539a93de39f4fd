import { z } from 'zod';

/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension): the shapes that cross from main's apps
 * service to the App frame host in a window. Main decides what an App may do; these describe.
 */

/** The extension's identifier in client capabilities. */
export const APPS_EXTENSION_ID = 'io.modelcontextprotocol/ui';
/** The one content type of an App's UI resource. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

const serverName = z.string().min(1).max(200);
const jsonObject = z.record(z.string(), z.unknown());

/** Who may see or call a tool: the model, the tool's own App, or both (the default). */
export const toolVisibilitySchema = z.array(z.enum(['model', 'app']));
export type ToolVisibility = z.infer<typeof toolVisibilitySchema>;

/** A tool's UI: the `ui://` resource its App is loaded from, and its visibility. */
export const toolUiSchema = z.object({
  resourceUri: z.string(),
  visibility: toolVisibilitySchema,
});
export type ToolUi = z.infer<typeof toolUiSchema>;

/** The domains an App declared per CSP directive (`_meta.ui.csp`), as the server sent them. */
export const appCspSchema = z.object({
  connectDomains: z.array(z.string()).optional(),
  resourceDomains: z.array(z.string()).optional(),
  frameDomains: z.array(z.string()).optional(),
  baseUriDomains: z.array(z.string()).optional(),
});
export type AppCsp = z.infer<typeof appCspSchema>;

/**
 * Why a declared CSP source was left out of an App's policy. `loopback`: it is, or could match,
 * this computer (`localhost`, `127.0.0.0/8` in any spelling, `0.0.0.0`, wildcards over them);
 * `host-port`: it names a port the host itself listens on; `host-origin`: one of the host's
 * own origins; `not-a-source`: not `scheme://host[:port]` with http(s) or ws(s) (keywords,
 * bare schemes, `*`, anything with separators); `too-long`, `not-a-string`: malformed.
 */
export const cspRefusalSchema = z.enum([
  'loopback',
  'host-port',
  'host-origin',
  'not-a-source',
  'too-long',
  'not-a-string',
]);
export type CspRefusal = z.infer<typeof cspRefusalSchema>;

/** A declared source the host refused, shown on the App's card. */
export const refusedSourceSchema = z.object({
  /** As declared, cut to 200 characters. */
  source: z.string(),
  directive: z.enum(['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains']),
  refusal: cspRefusalSchema,
});
export type RefusedSource = z.infer<typeof refusedSourceSchema>;

/** Browser features an App may ask for; each needs the person's consent too. */
export const appPermissionSchema = z.enum([
  'camera',
  'microphone',
  'geolocation',
  'clipboardWrite',
]);
export type AppPermission = z.infer<typeof appPermissionSchema>;

/** Why an App cannot be shown, or stopped working; the card says it in plain words. */
export const appFailureKindSchema = z.enum([
  /** The server does not have the resource the tool names. */
  'resource-missing',
  /** The resource is not `text/html;profile=mcp-app`. */
  'wrong-mime',
  /** The resource is larger than the host loads. */
  'too-large',
  /** Reading the resource failed otherwise (server error, timeout). */
  'read-failed',
  /** The server is not running. */
  'server-unavailable',
  /** This shell has no App sandbox (the CLI). */
  'no-sandbox',
  /** The sandbox frame did not load. */
  'sandbox-failed',
  /** The App did not finish `ui/initialize` in time. */
  'init-timeout',
  /** The App broke after it started (a script error it did not handle). */
  'app-error',
  /** The server stopped while the App was shown. */
  'server-stopped',
]);
export type AppFailureKind = z.infer<typeof appFailureKindSchema>;

export const appFailureSchema = z.object({
  kind: appFailureKindSchema,
  /** Main's or the frame host's own words (English), shown under "Show details". */
  detail: z.string().max(20_000),
});
export type AppFailure = z.infer<typeof appFailureSchema>;

/** Which App to open: the UI of a tool call in a conversation, or a resource previewed. */
export const appTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('toolCall'), toolUseId: z.string().min(1).max(200) }).strict(),
  z
    .object({ kind: z.literal('preview'), server: serverName, uri: z.string().min(1).max(8192) })
    .strict(),
]);
export type AppTarget = z.infer<typeof appTargetSchema>;

/** The tool whose UI this is, as the App's `hostContext.toolInfo.tool` gets it. */
export const appToolSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: jsonObject,
  outputSchema: jsonObject.optional(),
  annotations: jsonObject.optional(),
  _meta: jsonObject.optional(),
});
export type AppTool = z.infer<typeof appToolSchema>;

/** A frame main prepared: where its sandbox page is and what the App declared. */
export const appFrameSchema = z.object({
  /** Names this frame in every later request; also the capability for its sandbox page. */
  frameId: z.string(),
  /** The sandbox proxy page, on its own origin. */
  proxyUrl: z.string(),
  /** SHA-256 of the HTML: windows keep one copy per hash (`apps.getHtml`). */
  contentHash: z.string(),
  server: z.string(),
  resourceUri: z.string(),
  csp: appCspSchema,
  /** The Content-Security-Policy the sandbox page is served with (the App inherits it). */
  cspHeader: z.string().max(65_536).optional(),
  /** Declared sources the host left out of the App's CSP (the first 20), and how many in all. */
  refusedSources: z.array(refusedSourceSchema).max(20).optional(),
  refusedCount: z.number().int().nonnegative().optional(),
  /** Permissions the App asked for, and those the person allowed (the frame gets only those). */
  permissions: z.object({
    requested: z.array(appPermissionSchema),
    granted: z.array(appPermissionSchema),
  }),
  prefersBorder: z.boolean().optional(),
  /** The tool this App belongs to (absent in a preview of a resource no tool names). */
  tool: appToolSchema.optional(),
  /** For an App of a tool call: the call's input. */
  toolInput: jsonObject.optional(),
});
export type AppFrame = z.infer<typeof appFrameSchema>;

export const appOpenResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), frame: appFrameSchema }),
  z.object({ ok: z.literal(false), failure: appFailureSchema }),
]);
export type AppOpenResult = z.infer<typeof appOpenResultSchema>;

/** What a frame tells main about itself: it rendered, it failed, or a problem it met. */
export const appReportSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rendered') }).strict(),
  z.object({ kind: z.literal('failed'), failure: appFailureSchema }).strict(),
  z
    .object({
      kind: z.literal('csp-violation'),
      directive: z.string().max(200),
      blockedUri: z.string().max(2000),
    })
    .strict(),
  z.object({ kind: z.literal('app-error'), message: z.string().max(4000) }).strict(),
  /** An error the App logged itself (`console.error`). */
  z.object({ kind: z.literal('console-error'), message: z.string().max(4000) }).strict(),
  /** A script, style, image or media file of the App that did not load (offline, not found). */
  z
    .object({
      kind: z.literal('load-failed'),
      url: z.string().max(2000),
      element: z.string().max(40),
    })
    .strict(),
  /** Messages the page refused from the App so far: too large, over the rate, malformed. */
  z
    .object({
      kind: z.literal('messages-refused'),
      size: z.number().int().nonnegative(),
      rate: z.number().int().nonnegative(),
      shape: z.number().int().nonnegative(),
    })
    .strict(),
]);
export type AppReport = z.infer<typeof appReportSchema>;

/** Severity of an App's log record (MCP logging levels). */
export const appLogLevelSchema = z.enum([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]);

/** Context an App set for the model (`ui/update-model-context`), waiting for the next message. */
export const appContextViewSchema = z.object({
  /** `context`: what the App set; `status`: the host's note that the App failed to render. */
  kind: z.enum(['context', 'status']),
  server: z.string(),
  tool: z.string(),
  toolUseId: z.string(),
  /** What the model will read, as text. */
  text: z.string(),
});
export type AppContextView = z.infer<typeof appContextViewSchema>;

/** A UI resource of a server, for the server view's Apps tab. */
export const appResourceViewSchema = z.object({
  uri: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  /** Tools that name this resource as their UI. */
  tools: z.array(z.string()),
});
export type AppResourceView = z.infer<typeof appResourceViewSchema>;
