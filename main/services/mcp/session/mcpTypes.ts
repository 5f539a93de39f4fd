/**
 * MCP types the rest of the app may use. They are re-exported from here so that only the
 * session folder imports the SDK (architecture rule: one place wraps `Client`).
 */
/* eslint-disable @typescript-eslint/no-deprecated -- sampling, roots and server logging are
   deprecated as of 2026-07-28 but remain functional, and every legacy-era server uses them: a
   host speaking both eras must support them. The aliases below are the one place that says so. */
import type {
  CreateMessageRequest,
  CreateMessageResult,
  CreateMessageResultWithTools,
  ListResourceTemplatesResult,
  ListRootsResult,
  LoggingLevel,
  Root,
} from '@modelcontextprotocol/client';

/** `sampling/createMessage` request (legacy push or modern input-required round). */
export type SamplingRequest = CreateMessageRequest;
/** A sampling answer, with or without tool use. */
export type SamplingResult = CreateMessageResult | CreateMessageResultWithTools;
/** `roots/list` answer. */
export type RootsResult = ListRootsResult;
/** One root folder (`file://` URI). */
export type RootEntry = Root;
/** Severity of a server log record. */
export type ServerLogLevel = LoggingLevel;
/* eslint-enable @typescript-eslint/no-deprecated */

export type {
  CallToolResult,
  CompleteRequest,
  CompleteResult,
  ContentBlock,
  ElicitRequest,
  ElicitRequestURLParams,
  ElicitResult,
  GetPromptResult,
  Implementation,
  JSONRPCMessage,
  Progress,
  Prompt,
  ReadResourceResult,
  Resource,
  ServerCapabilities,
  Tool,
  ToolAnnotations,
  Transport,
} from '@modelcontextprotocol/client';

/** A resource template as listed by `resources/templates/list`. */
export type ResourceTemplate = ListResourceTemplatesResult['resourceTemplates'][number];

/** How the session reaches its server. */
export type TransportKind = 'stdio' | 'http' | 'sse';

/** The first revision of the stateless (2026-07-28) era; what `protocol: 'modern'` pins. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/** The SDK's JSON-RPC error class, for `instanceof` checks outside this folder. */
export { ProtocolError } from '@modelcontextprotocol/client';
