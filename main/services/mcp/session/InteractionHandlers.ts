import { ProtocolError } from '@modelcontextprotocol/client';
import type {
  ElicitRequest,
  ElicitResult,
  ElicitRequestURLParams,
  RootsResult,
  SamplingRequest,
  SamplingResult,
} from './mcpTypes';

/** What a server→client interaction handler learns besides the request itself. */
export interface InteractionContext {
  /** Name of the server asking (from its config), to show the person who asks. */
  serverName: string;
  /**
   * Aborts when the server cancels the request or the connection closes: close any dialog then.
   * This is the SDK's `ctx.mcpReq.signal`, passed through unchanged.
   */
  signal: AbortSignal;
  /** Set when the server sent the request as a client-side task: the task's id here. */
  clientTaskId?: string;
  /** When the answer stops being wanted (epoch ms), where the request says so. */
  deadlineAt?: number;
}

/**
 * The host's answers to server→client requests. The same handler serves legacy push requests
 * and modern `input_required` rounds (the SDK routes both here).
 */
export interface InteractionHandlers {
  /** `sampling/createMessage`: reject with a `ProtocolError` (code -1) when the person declines. */
  sampling(request: SamplingRequest, ctx: InteractionContext): Promise<SamplingResult>;
  /** `elicitation/create`: form or URL mode (`params.mode === 'url'`). */
  elicitation(request: ElicitRequest, ctx: InteractionContext): Promise<ElicitResult>;
  /** `roots/list`: folders the person chose, as `file://` URIs. */
  roots(ctx: InteractionContext): Promise<RootsResult>;
  /** 2025 `notifications/elicitation/complete`: the server saw a URL elicitation finish. */
  elicitationComplete?(elicitationId: string, serverName: string): void;
  /**
   * A tool call failed with -32042 (URL elicitation required). Resolves `true` when the call
   * should be repeated once (the person opened the pages), `false` when they declined.
   */
  urlElicitationRequired?(
    elicitations: ElicitRequestURLParams[],
    ctx: InteractionContext,
  ): Promise<boolean>;
}

/** The error a handler throws when the person (or a policy) rejects a sampling request. */
export function userRejected(message: string): Error {
  return new ProtocolError(USER_REJECTED_CODE, message);
}

/**
 * The error a handler throws when the host itself refuses a request (not the person): in
 * JSON-RPC's implementation-defined server error range.
 */
export function hostRefused(message: string): Error {
  return new ProtocolError(HOST_REFUSED_CODE, message);
}

export const HOST_REFUSED_CODE = -32000;

/** JSON-RPC code the spec uses as its example for "the user rejected the request". */
export const USER_REJECTED_CODE = -1;

/**
 * Polite refusals used until the approval features are wired in: the server learns that the
 * host declined rather than seeing a method-not-found error.
 */
export const declineAllInteractions: InteractionHandlers = {
  sampling: () => Promise.reject(new ProtocolError(USER_REJECTED_CODE, 'declined')),
  elicitation: () => Promise.resolve({ action: 'decline' }),
  roots: () => Promise.resolve({ roots: [] }),
};
