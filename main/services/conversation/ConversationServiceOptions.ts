import type { Logger } from '../../platform/Logger';
import type { ConversationApps } from '../apps/ConversationApps';
import type { ApprovalBroker } from '../approvals/ApprovalBroker';
import type { ToolSearchService } from '../catalog/search/ToolSearchService';
import type { HostEvents } from '../base/HostEvents';
import type { RunningToolCalls } from '../interactions/RunningToolCalls';
import type { McpService } from '../mcp/McpService';
import type { ModelRegistry } from '../models/ModelRegistry';
import type { StagedFiles } from '../resources/StagedFiles';
import type { SettingsService } from '../settings/SettingsService';
import type { ConversationStore } from '../store/ConversationStore';
import type { ChatToolCaller } from './ChatToolCaller';
import type { HostToolSource } from '../catalog/HostTool';

/** What the conversation service is made of. */
export interface ConversationServiceOptions {
  store: ConversationStore;
  mcp: McpService;
  broker: ApprovalBroker;
  settings: SettingsService;
  events: HostEvents;
  /** Every provider's model client, by model ref. */
  models: ModelRegistry;
  log: Logger;
  maxSteps?: number;
  resultBudgetChars?: number;
  /** Where running tool calls are recorded (server requests meanwhile show in the chat). */
  runningTools?: RunningToolCalls;
  /** Deferred loading for large catalogues; without it every request carries every tool. */
  toolSearch?: ToolSearchService;
  /** Runs approved tool calls (the task service); default: the server's `callTool`. */
  callTool?: ChatToolCaller;
  /** MCP Apps: which tools have one, the note the model gets, context for the next turn. */
  apps?: ConversationApps;
  /** Tools the host offers itself next to the servers' (loading skills); tool search adds its own. */
  hostTools?: HostToolSource;
  /** Files the person attached from their computer, staged until their message is sent. */
  files?: StagedFiles;
  /** Name new conversations with the model after their first exchange (default true). */
  generateTitles?: boolean;
}
