import type {
  ApprovalCaller,
  ApprovalOutcome,
  ApprovalPolicy,
  ToolAnnotations,
} from '../../../shared/domain/approvals';
import type { Logger } from '../../platform/Logger';
import type { Unsubscribe } from '../base/Emitter';
import type { GrantRepository } from './GrantRepository';
import type { PinnableTool } from './pinTool';

/** The tool as the server lists it (the broker pins name, description and input schema). */
export interface ApprovalTool extends PinnableTool {
  title?: string | undefined;
  annotations?: ToolAnnotations | undefined;
}

/** One tool call the model wants to make. */
export interface ApprovalCall {
  conversationId: string;
  /** The chat's tool use id, when the call comes from a chat turn. */
  toolUseId?: string;
  /** The server's name in the servers file. */
  server: string;
  tool: ApprovalTool;
  /** The name the model called the tool by. */
  modelName: string;
  arguments: Record<string, unknown>;
  /** Absent for the model's calls; an App's calls name the App. */
  caller?: ApprovalCaller;
}

/**
 * Waits for the caller's turn to ask the person (an App's requests are asked one at a time);
 * resolves with what ends that turn, or rejects when the caller may not ask now at all.
 */
export type ConsentTurn = (signal: AbortSignal | undefined) => Promise<() => void>;

/** A settled request, for windows that must close their dialog. */
export interface ApprovalResolution {
  requestId: string;
  outcome: ApprovalOutcome;
}

/** Subscribes a listener to one of the broker's events. */
export type Subscribe<T> = (listener: (value: T) => void) => Unsubscribe;

/** A call allowed without asking anyone, by what the person decided earlier in the app. */
export type StoredApproval =
  | { kind: 'grant'; scope: 'always' | 'conversation'; grantedAt: number }
  | { kind: 'readonly-trust' };

/** Where decisions come from: a person (`headless` off), or a run without one. */
export type ApprovalMode =
  | { headless?: false; policy?: undefined; ignoreStored?: undefined }
  /**
   * Without a policy, grants and read-only trust from the app still apply (each use is
   * reported, see `onStoredApproval`) and anything that would ask is denied; `ignoreStored`
   * leaves them out, so only the policy decides.
   */
  | { headless: true; policy?: ApprovalPolicy | undefined; ignoreStored?: boolean | undefined };

export type ApprovalBrokerOptions = ApprovalMode & {
  grants: GrantRepository;
  /** A headless call went ahead on an earlier decision of the person's (the CLI says so). */
  onStoredApproval?: (call: ApprovalCall, approval: StoredApproval) => void;
  /** The per-server `trustReadOnlyHint` setting (off by default). */
  isReadOnlyTrusted: (server: string) => boolean | Promise<boolean>;
  /** Whether a local server runs in the sandbox (the dialog says so); undefined for a remote one. */
  isSandboxed?: (server: string) => boolean | undefined;
  log?: Logger;
  now?: () => number;
  newId?: () => string;
};
