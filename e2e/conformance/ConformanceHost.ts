import type { FrameLocator } from '@playwright/test';

/**
 * The host side of the MCP Apps conformance runner (ext-apps issue 743, pull request 726): the
 * methods a runner calls to show its test App and to observe and drive the host around it. Ours,
 * mirroring theirs until their package is released; `SwitchboardHost` implements it over the web
 * shell. The runner's own `Host` will be adapted to this the day it ships (README, "Apps").
 */
export interface ConformanceHost {
  /** Shows the test App: the host's agent calls `tool` of `server`; resolves once it is ready. */
  displayTestApp(app: TestApp): Promise<FrameLocator>;
  /** A fresh conversation, nothing pending: each test starts from here. */
  resetEnvironment(): Promise<void>;
  /** The conversation as the person sees it, oldest first. */
  getConversation(): Promise<ConversationMessage[]>;
  /** What Apps added for the model's next turn (`ui/update-model-context`), not yet sent. */
  getConversationContext(): Promise<string[]>;
  /** Changes what the host context says (the App hears `host-context-changed`). */
  changeHostContext(change: HostContextChange): Promise<void>;
  /** Answers the confirmation the host is asking for now: an App's tool call or message. */
  confirmAction(decision: ActionDecision): Promise<void>;
  /** The person sends `text` in the conversation. */
  sendMessage(text: string): Promise<void>;
  /** The host's agent calls `name` with `args`; resolves with the result's text it read. */
  callTool(name: string, args: Record<string, unknown>): Promise<string>;
}

/** A test App to show: a tool of a connected server whose result has a UI. */
export interface TestApp {
  server: string;
  tool: string;
  arguments?: Record<string, unknown>;
}

/** One message of the conversation. */
export interface ConversationMessage {
  role: 'user' | 'assistant';
  text: string;
}

/** Host-context fields a test may change. */
export interface HostContextChange {
  theme?: 'light' | 'dark';
  /** BCP 47; Switchboard speaks `en` and `zh-CN`. */
  locale?: 'en' | 'zh-CN';
}

/** How to answer a confirmation. */
export type ActionDecision = 'approve' | 'deny';
