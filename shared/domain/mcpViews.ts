import { z } from 'zod';
import { toolUiSchema } from './apps';
import { serverAuthSchema } from './serverAuth';
import { protocolPreferenceSchema } from './serverConfig';
import { serverInfoSchema, serverStatusSchema } from './serverStatus';
import { hostTextSchema } from '../text/hostTextSchema';

/** What the renderer sees of one configured server (never env values or header values). */
export const serverViewSchema = z.object({
  name: z.string(),
  transport: z.enum(['stdio', 'http', 'sse']),
  /** `command arg…` for stdio, the URL for remote servers: enough to recognise it. */
  target: z.string(),
  disabled: z.boolean(),
  protocol: protocolPreferenceSchema,
  status: serverStatusSchema,
  /** A local server that runs confined by the OS sandbox (`sandboxEnabled`). */
  sandboxed: z.boolean().optional(),
});
export type ServerView = z.infer<typeof serverViewSchema>;

const jsonObject = z.record(z.string(), z.unknown());

export const toolAnnotationsSchema = z.object({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});

/** One tool as the catalogue knows it: original and model-facing names, enable state. */
export const toolViewSchema = z.object({
  server: z.string(),
  name: z.string(),
  /** Unique across servers, matches the model API's tool-name rule, stable across restarts. */
  modelName: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: jsonObject,
  outputSchema: jsonObject.optional(),
  annotations: toolAnnotationsSchema.optional(),
  enabled: z.boolean(),
  /** Estimated tokens of its definition in a model request. */
  tokens: z.number().int().nonnegative().optional(),
  /** Offered in full even when tool search holds the others back. */
  alwaysLoaded: z.boolean().optional(),
  /** The server asks for that (`_meta['anthropic/alwaysLoad']`); the person may say otherwise. */
  alwaysLoadHint: z.boolean().optional(),
  /** The tool's App (MCP Apps): its `ui://` resource and who may see the tool. */
  ui: toolUiSchema.optional(),
  /** Known from the list remembered when the server last ran; it is not running now. */
  remembered: z.boolean().optional(),
});
export type ToolView = z.infer<typeof toolViewSchema>;

export const serverDetailSchema = z.object({
  server: serverViewSchema,
  serverInfo: serverInfoSchema.optional(),
  protocolVersion: z.string().optional(),
  capabilities: jsonObject.optional(),
  instructions: z.string().optional(),
  tools: z.array(toolViewSchema),
  stderrTail: z.array(z.string()),
  /** Non-JSON lines the server printed on stdout (reported, not fatal). */
  nonJsonLines: z.number().int(),
  pid: z.number().int().optional(),
  /** OAuth sign-in of a remote server (absent for servers that never asked for one). */
  auth: serverAuthSchema.optional(),
});
export type ServerDetail = z.infer<typeof serverDetailSchema>;

export const resourceViewSchema = z.object({
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  size: z.number().optional(),
});
export type ResourceView = z.infer<typeof resourceViewSchema>;

export const resourceTemplateViewSchema = z.object({
  uriTemplate: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});
export type ResourceTemplateView = z.infer<typeof resourceTemplateViewSchema>;

export const promptViewSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z.array(
    z.object({
      name: z.string(),
      description: z.string().optional(),
      required: z.boolean().optional(),
    }),
  ),
});
export type PromptView = z.infer<typeof promptViewSchema>;

/** A line of a server's log: its stderr, its log notifications, or the host's notes about it. */
export const logEntrySchema = z.object({
  seq: z.number().int(),
  at: z.number(),
  source: z.enum(['stderr', 'notification', 'host', 'app']),
  level: z.string(),
  text: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** One JSON-RPC message on the wire, in order. */
export const trafficEntrySchema = z.object({
  seq: z.number().int(),
  at: z.number(),
  direction: z.enum(['in', 'out']),
  kind: z.enum(['request', 'response', 'error', 'notification']),
  method: z.string().optional(),
  id: z.union([z.string(), z.number()]).optional(),
  bytes: z.number().int(),
  /** For responses: time since the matching request. */
  durationMs: z.number().optional(),
  /** The message as JSON, cut at a preview limit (`truncated` says so). */
  preview: z.string(),
  truncated: z.boolean(),
});
export type TrafficEntry = z.infer<typeof trafficEntrySchema>;

export const configProblemSchema = z.object({
  severity: z.enum(['error', 'warning']),
  /** What kind of problem; `emptied`: the file became empty or vanished while servers ran. */
  kind: z
    .enum([
      'io',
      'syntax',
      'schema',
      'env',
      'reference',
      'unknown-key',
      'conflict',
      'emptied',
      'too-large',
      'encoding',
    ])
    .optional(),
  message: z.string(),
  /** The same as a message key with values, for the window's language. */
  text: hostTextSchema.optional(),
  /** JSON path such as `mcpServers.fs.args[1]`. */
  path: z.string().optional(),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
  offset: z.number().int().optional(),
  length: z.number().int().optional(),
});
export type ConfigProblemView = z.infer<typeof configProblemSchema>;

/** The servers file as the editor shows it. */
export const configDocumentSchema = z.object({
  path: z.string(),
  exists: z.boolean(),
  text: z.string(),
  problems: z.array(configProblemSchema),
});
export type ConfigDocument = z.infer<typeof configDocumentSchema>;

export const importSourceSchema = z.object({
  id: z.string(),
  kind: z.enum(['claude-desktop', 'cursor', 'vscode-workspace', 'vscode-user', 'mcp-json']),
  /** For the person: "Claude Desktop", "VS Code (workspace)", … */
  label: z.string(),
  path: z.string(),
  servers: z.array(
    z.object({
      name: z.string(),
      target: z.string(),
      /** A server of this name already exists; importing uses `suggestedName` unless renamed. */
      conflict: z.boolean(),
      suggestedName: z.string(),
    }),
  ),
  inputs: z.array(
    z.object({ id: z.string(), description: z.string().optional(), password: z.boolean() }),
  ),
  /** Env values and headers that look like credentials in plain text (import can move them). */
  plaintextSecrets: z
    .array(z.object({ server: z.string(), field: z.enum(['env', 'headers']), key: z.string() }))
    .optional(),
  error: z.string().optional(),
  errorText: hostTextSchema.optional(),
});
export type ImportSource = z.infer<typeof importSourceSchema>;
