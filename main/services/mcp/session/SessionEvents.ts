import type { AppError } from '../../../../shared/errors';
import type { ServerLogEntry } from './createSdkClient';
import { Emitter } from '../../base/Emitter';
import type { SessionClosedEvent } from './McpSessionOptions';
import type { Prompt, Resource, Tool } from './mcpTypes';
import type { TrafficEvent } from './TrafficTapTransport';

/** The typed events one session fires; a listener that throws is reported, never rethrown. */
export class SessionEvents {
  readonly tools: Emitter<Tool[]>;
  readonly prompts: Emitter<Prompt[]>;
  readonly resources: Emitter<Resource[]>;
  readonly logs: Emitter<ServerLogEntry>;
  readonly traffic: Emitter<TrafficEvent>;
  readonly closed: Emitter<SessionClosedEvent>;
  readonly resourceUpdated: Emitter<string>;
  /** A request failed with MCP_AUTH_REQUIRED (tokens stopped working, no refresh possible). */
  readonly authRequired: Emitter<AppError>;

  constructor(onListenerError: (error: unknown) => void) {
    this.tools = new Emitter(onListenerError);
    this.prompts = new Emitter(onListenerError);
    this.resources = new Emitter(onListenerError);
    this.logs = new Emitter(onListenerError);
    this.traffic = new Emitter(onListenerError);
    this.closed = new Emitter(onListenerError);
    this.resourceUpdated = new Emitter(onListenerError);
    this.authRequired = new Emitter(onListenerError);
  }

  /** Drops every listener once the session has ended (nothing more will fire). */
  dispose(): void {
    for (const emitter of [
      this.tools,
      this.prompts,
      this.resources,
      this.logs,
      this.traffic,
      this.closed,
      this.resourceUpdated,
      this.authRequired,
    ]) {
      emitter.clear();
    }
  }
}
