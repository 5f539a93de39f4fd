import { randomUUID } from 'node:crypto';
import type {
  ElicitationResponse,
  InteractionOrigin,
  InteractionOutcome,
  InteractionView,
  SamplingDecision,
  UrlAction,
} from '../../../shared/domain/interactions';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { Logger } from '../../platform/Logger';
import { Emitter } from '../base/Emitter';
import {
  hostRefused,
  userRejected,
  type InteractionContext,
  type InteractionHandlers,
} from '../mcp/session/InteractionHandlers';
import type {
  ElicitRequest,
  ElicitRequestURLParams,
  ElicitResult,
  RootsResult,
  SamplingRequest,
  SamplingResult,
} from '../mcp/session/mcpTypes';
import { FormElicitation } from './FormElicitation';
import { answerHeadless } from './answerHeadless';
import type { HeadlessInteractionPolicy } from './HeadlessInteractionPolicy';
import type { InteractionPolicies } from './InteractionPolicies';
import { pickModel } from './pickModel';
import { SamplingReview, type GenerateSample } from './SamplingReview';
import { toSamplingRequestView } from './toSamplingRequestView';
import { UrlElicitation } from './UrlElicitation';
import { hostText } from '../../../shared/text/hostText';

export interface InteractionBrokerOptions {
  policies: InteractionPolicies;
  /** The `roots/list` answer. */
  roots: () => Promise<RootsResult>;
  generate: GenerateSample;
  /** Available model ids, for pre-selecting from hints. */
  models: () => Promise<string[]>;
  /** The model chat turns use by default. */
  defaultModel: () => string;
  /** How long the model list may take before the default is suggested (default 3 s). */
  modelListTimeoutMs?: number;
  /** Opens a page in the system browser (the shell's opener). */
  open: (url: string) => Promise<boolean>;
  /** The chat tool call running on this server, if any. */
  originFor: (server: string) => InteractionOrigin;
  /** Whether that chat tool call is still running (default: yes). */
  isRunning?: (toolUseId: string) => boolean;
  /** Set for unattended runs: a policy decides, nobody is asked. */
  headless?: HeadlessInteractionPolicy;
  log?: Logger;
  now?: () => number;
  newId?: () => string;
  /** Requests one server may have waiting for the person at once (default 5); more are refused. */
  maxPendingPerServer?: number;
}

/** A request refused because its server already had as many waiting as allowed. */
export interface RefusedInteraction {
  server: string;
  kind: 'sampling' | 'elicitation';
  limit: number;
}

const DEFAULT_MAX_PENDING_PER_SERVER = 5;

type Pending = SamplingReview | FormElicitation | UrlElicitation;

/** What a server hears when its sampling request outlived the chat tool call that caused it. */
const TOOL_CALL_ENDED =
  'The conversation turn was stopped (or the tool call that asked had already ended).';

/**
 * Server-initiated interactions waiting for the person: sampling reviews, forms and pages to
 * open. Produces the {@link InteractionHandlers} the MCP sessions call (both eras), and answers
 * the person's decisions. A request the server withdraws (cancel, disconnect) closes its panel.
 */
export class InteractionBroker {
  private readonly pendingById = new Map<string, Pending>();
  private readonly changedEmitter: Emitter<InteractionView>;
  private readonly resolvedEmitter: Emitter<{ id: string; outcome: InteractionOutcome }>;
  private readonly refusedEmitter: Emitter<RefusedInteraction>;
  /** Requests per server from arrival to answer (including those still being prepared). */
  private readonly waiting = new Map<string, number>();
  private readonly now: () => number;
  private readonly newId: () => string;
  /** An interaction is new or changed stage. */
  readonly onDidChange: Emitter<InteractionView>['event'];
  /** An interaction is over (answered, or withdrawn). */
  readonly onDidResolve: Emitter<{ id: string; outcome: InteractionOutcome }>['event'];
  /** A server asked for more than may wait at once; its request was refused. */
  readonly onDidRefuse: Emitter<RefusedInteraction>['event'];

  constructor(private readonly options: InteractionBrokerOptions) {
    const report = (error: unknown): void =>
      options.log?.error('interaction listener failed', { error });
    this.changedEmitter = new Emitter(report);
    this.resolvedEmitter = new Emitter(report);
    this.onDidChange = this.changedEmitter.event;
    this.onDidResolve = this.resolvedEmitter.event;
    this.refusedEmitter = new Emitter(report);
    this.onDidRefuse = this.refusedEmitter.event;
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? randomUUID;
  }

  /** What the MCP sessions call for server→client requests. */
  readonly handlers: InteractionHandlers = {
    sampling: (request, ctx) =>
      this.limited(ctx.serverName, 'sampling', () => this.sampling(request, ctx)),
    elicitation: (request, ctx) =>
      this.limited(ctx.serverName, 'elicitation', () => this.elicitation(request, ctx)),
    roots: () => this.options.roots(),
    elicitationComplete: (elicitationId, server) => this.completeUrl(elicitationId, server),
    urlElicitationRequired: (elicitations, ctx) => this.urlRequired(elicitations, ctx),
  };

  pending(): InteractionView[] {
    return [...this.pendingById.values()].map((p) => p.view());
  }

  respondSampling(id: string, decision: SamplingDecision): void {
    this.find(id, SamplingReview).respond(decision);
  }

  respondElicitation(id: string, response: ElicitationResponse): void {
    this.find(id, FormElicitation).respond(response);
  }

  async respondUrl(id: string, action: UrlAction): Promise<void> {
    await this.find(id, UrlElicitation).respond(action);
  }

  /**
   * A chat tool call ended (stopped, failed or finished). Servers do not always tie their own
   * requests to the call's cancellation, so what it raised and is still waiting for the person
   * is answered as the person's cancel would be. The cause is a guess (the latest call to that
   * server): when another call to the same server still runs, the request moves there instead.
   */
  toolCallEnded(call: { conversationId: string; toolUseId: string; server: string }): void {
    for (const [id, pending] of [...this.pendingById]) {
      if (pending instanceof UrlElicitation && pending.fromApp) continue;
      const { origin } = pending;
      if (origin.conversationId !== call.conversationId || origin.toolUseId !== call.toolUseId) {
        continue;
      }
      const { clientTaskId, deadlineAt } = origin;
      const other = this.options.originFor(pending.server);
      if (clientTaskId !== undefined) {
        // A client-side task outlives the call that raised it: the person answers when they can.
        const task = { clientTaskId, ...(deadlineAt === undefined ? {} : { deadlineAt }) };
        pending.origin =
          other.toolUseId !== undefined && other.toolUseId !== call.toolUseId
            ? { ...other, ...task }
            : task;
        this.changed(id);
      } else if (other.toolUseId !== undefined && other.toolUseId !== call.toolUseId) {
        pending.origin = other;
        this.changed(id);
      } else {
        pending.abandon(TOOL_CALL_ENDED);
      }
    }
  }

  /** Where a request shows: with the running chat call, and its client-side task if any. */
  private originOf(ctx: InteractionContext): InteractionOrigin {
    const origin = this.options.originFor(ctx.serverName);
    return {
      ...origin,
      ...(ctx.clientTaskId === undefined ? {} : { clientTaskId: ctx.clientTaskId }),
      ...(ctx.deadlineAt === undefined ? {} : { deadlineAt: ctx.deadlineAt }),
    };
  }

  /** Withdraws everything (shutdown). */
  dispose(): void {
    for (const pending of [...this.pendingById.values()]) pending.withdraw();
  }

  private async sampling(
    request: SamplingRequest,
    ctx: InteractionContext,
  ): Promise<SamplingResult> {
    const server = ctx.serverName;
    const policy = this.options.policies.get(server);
    if (policy.sampling === 'deny') {
      throw userRejected(`Sampling is turned off for “${server}” in this app.`);
    }
    // Before the model list wait: the tool call may end meanwhile (then `track` cancels).
    const origin = this.originOf(ctx);
    const view = toSamplingRequestView(request);
    const suggestedModel = pickModel(
      view.modelPreferences,
      await this.modelIds(),
      this.options.defaultModel(),
    );
    const headless = this.options.headless;
    if (headless) {
      return answerHeadless.sampling(headless, {
        server,
        request: view,
        model: suggestedModel,
        maxTokens: Math.min(view.maxTokens, policy.maxTokens ?? view.maxTokens),
        generate: this.options.generate,
        signal: ctx.signal,
      });
    }
    const id = this.newId();
    const review = new SamplingReview({
      id,
      server,
      origin,
      createdAt: this.now(),
      request: view,
      suggestedModel,
      ...(policy.maxTokens !== undefined ? { maxTokensLimit: policy.maxTokens } : {}),
      generate: this.options.generate,
      changed: () => this.changed(id),
      finished: (outcome) => this.resolved(id, outcome),
    });
    return this.track(id, review, ctx, review.answer);
  }

  private async elicitation(
    request: ElicitRequest,
    ctx: InteractionContext,
  ): Promise<ElicitResult> {
    const server = ctx.serverName;
    const params = request.params;
    if (params.mode === 'url') {
      const answer = await this.askUrl(params, server, false, ctx);
      return { action: answer === 'accept' || answer === 'retry' ? 'accept' : answer };
    }
    const schema = params.requestedSchema as Record<string, unknown>;
    const headless = this.options.headless;
    if (headless) return answerHeadless.form(headless, server, schema);
    const id = this.newId();
    const form = new FormElicitation({
      id,
      server,
      origin: this.originOf(ctx),
      createdAt: this.now(),
      message: params.message,
      requestedSchema: schema,
      finished: (outcome) => this.resolved(id, outcome),
    });
    return this.track(id, form, ctx, form.answer);
  }

  /** -32042: each page in turn; the call is retried only when every one was opened. */
  private async urlRequired(
    elicitations: ElicitRequestURLParams[],
    ctx: InteractionContext,
  ): Promise<boolean> {
    for (const elicitation of elicitations) {
      const answer = await this.askUrl(elicitation, ctx.serverName, true, ctx);
      if (answer !== 'retry') return false;
    }
    return true;
  }

  private async askUrl(
    params: { message: string; url: string; elicitationId?: string },
    server: string,
    retryToolCall: boolean,
    ctx: InteractionContext,
  ): Promise<'accept' | 'decline' | 'cancel' | 'retry'> {
    if (this.options.headless) {
      this.options.headless.report?.(
        `${server} asked to open ${params.url}; declined (nobody is here to consent).`,
      );
      return 'decline';
    }
    const id = this.newId();
    const url = new UrlElicitation({
      id,
      server,
      origin: this.originOf(ctx),
      createdAt: this.now(),
      message: params.message,
      url: params.url,
      ...(params.elicitationId !== undefined ? { elicitationId: params.elicitationId } : {}),
      retryToolCall,
      open: (target) => this.options.open(target),
      changed: () => this.changed(id),
      finished: (outcome) => this.resolved(id, outcome),
    });
    return this.track(id, url, ctx, url.answer);
  }

  /**
   * An App asks to open a page (`ui/open-link`): the same URL consent panel as a server's,
   * shown with the App's tool call. Resolves once answered: whether the page was opened with
   * consent, and whether the person also allowed the App pages of that origin from now on.
   */
  async askToOpen(request: {
    server: string;
    url: string;
    origin: InteractionOrigin;
    app: { tool: string; appId: string };
    signal?: AbortSignal;
  }): Promise<{ opened: boolean; allowOrigin: boolean }> {
    const { server, url: target } = request;
    if (this.options.headless) {
      this.options.headless.report?.(
        `An App of ${server} asked to open ${target}; declined (nobody is here to consent).`,
      );
      return { opened: false, allowOrigin: false };
    }
    const id = this.newId();
    const url = new UrlElicitation({
      id,
      server,
      origin: request.origin,
      createdAt: this.now(),
      message: '',
      url: target,
      retryToolCall: false,
      app: request.app,
      open: (page) => this.options.open(page),
      changed: () => this.changed(id),
      finished: (outcome) => this.resolved(id, outcome),
    });
    const ctx = { serverName: server, signal: request.signal ?? new AbortController().signal };
    // The App outlives its tool call: its request is shown whether or not the call still runs.
    const opened = (await this.track(id, url, ctx, url.answer, false)) === 'accept';
    return { opened, allowOrigin: opened && url.allowsOrigin };
  }

  private completeUrl(elicitationId: string, server: string): void {
    for (const pending of this.pendingById.values()) {
      if (
        pending instanceof UrlElicitation &&
        pending.server === server &&
        pending.elicitationId === elicitationId
      ) {
        pending.complete();
      }
    }
  }

  /**
   * Runs one request of `server` unless as many as allowed are already waiting: a server must
   * not be able to bury the person in panels. The excess is refused with an error the server
   * can read, and the person hears of it once per refusal.
   */
  private async limited<T>(
    server: string,
    kind: RefusedInteraction['kind'],
    run: () => Promise<T>,
  ): Promise<T> {
    const limit = this.options.maxPendingPerServer ?? DEFAULT_MAX_PENDING_PER_SERVER;
    const count = this.waiting.get(server) ?? 0;
    if (count >= limit && !this.options.headless) {
      this.options.log?.warn('refused a server request: too many waiting', { server, kind });
      this.refusedEmitter.fire({ server, kind, limit });
      throw hostRefused(
        `Too many requests are already waiting for you (${String(limit)} from “${server}”). Ask again once they are answered.`,
      );
    }
    this.waiting.set(server, count + 1);
    try {
      return await run();
    } finally {
      const left = (this.waiting.get(server) ?? 1) - 1;
      if (left > 0) this.waiting.set(server, left);
      else this.waiting.delete(server);
    }
  }

  /** The model list, unless it is slow or fails (an offline API must not hold up the panel). */
  private async modelIds(): Promise<string[]> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<string[]>((resolve) => {
      timer = setTimeout(() => resolve([]), this.options.modelListTimeoutMs ?? 3_000);
    });
    try {
      return await Promise.race([this.options.models().catch(() => []), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Shows `pending` until it settles; the server's abort withdraws it. */
  private async track<T>(
    id: string,
    pending: Pending,
    ctx: InteractionContext,
    answer: Promise<T>,
    whileCallRuns = true,
  ): Promise<T> {
    if (ctx.signal.aborted) {
      pending.withdraw();
      return answer;
    }
    const caller = pending.origin.toolUseId;
    if (whileCallRuns && caller !== undefined && this.options.isRunning?.(caller) === false) {
      // The chat tool call that asked ended while the request was prepared: never shown.
      pending.abandon(TOOL_CALL_ENDED);
      return answer;
    }
    this.pendingById.set(id, pending);
    const withdraw = (): void => pending.withdraw();
    ctx.signal.addEventListener('abort', withdraw, { once: true });
    this.changedEmitter.fire(pending.view());
    try {
      return await answer;
    } finally {
      ctx.signal.removeEventListener('abort', withdraw);
    }
  }

  private changed(id: string): void {
    const pending = this.pendingById.get(id);
    if (pending) this.changedEmitter.fire(pending.view());
  }

  private resolved(id: string, outcome: InteractionOutcome): void {
    const known = this.pendingById.delete(id);
    if (known) this.resolvedEmitter.fire({ id, outcome });
  }

  private find<T extends Pending>(id: string, type: abstract new (...args: never[]) => T): T {
    const pending = this.pendingById.get(id);
    if (!pending) {
      throw new AppError(AppErrorCode.NotFound, hostText('interaction.notWaiting'));
    }
    if (!(pending instanceof type)) {
      throw new AppError(AppErrorCode.Validation, hostText('interaction.wrongKind'));
    }
    return pending;
  }
}
