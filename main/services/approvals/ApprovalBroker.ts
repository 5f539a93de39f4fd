import { randomUUID } from 'node:crypto';
import {
  approvalDecisionSchema,
  type ApprovalOutcome,
  type ApprovalRequest,
  type GrantView,
  type PinChange,
} from '../../../shared/domain/approvals';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import { Emitter } from '../base/Emitter';
import type {
  ApprovalBrokerOptions,
  ApprovalCall,
  ApprovalResolution,
  ConsentTurn,
  StoredApproval,
  Subscribe,
} from './ApprovalBrokerOptions';
import { canonicalJson } from './canonicalJson';
import { ConversationGrants } from './ConversationGrants';
import { diffPin } from './diffPin';
import type { Grant } from './GrantRepository';
import {
  allowedByGrant,
  allowedByPerson,
  allowedByReadOnlyHint,
  applyPolicy,
  cancelled,
  deniedByPerson,
  deniedForNoOne,
} from './outcomes';
import { pinHash, pinTool } from './pinTool';
import { compareText, toGrantView } from './toGrantView';

interface Pending {
  request: ApprovalRequest;
  call: ApprovalCall;
  resolve: (outcome: ApprovalOutcome) => void;
  detach: () => void;
}

/**
 * The one place that decides whether a tool call may run. In order: the headless policy (final
 * when set), a grant for this conversation, an "always" grant whose pinned definition still
 * matches, read-only trust, and finally a person. A changed definition suspends its grant and
 * skips read-only trust: the person sees what changed before anything runs again.
 */
export class ApprovalBroker {
  private readonly pendingById = new Map<string, Pending>();
  private readonly conversationGrants = new ConversationGrants();
  /** "Allow for this App" answers, keyed by the App's id as chat grants are by conversation. */
  private readonly appGrants = new ConversationGrants();
  private readonly requested: Emitter<ApprovalRequest>;
  private readonly withdrawn: Emitter<string>;
  private readonly resolved: Emitter<ApprovalResolution>;
  private readonly grantsChanged: Emitter<GrantView[]>;
  private readonly now: () => number;
  private readonly newId: () => string;

  /** A call needs a person: show the dialog, answer with `respond`. */
  readonly onDidRequest: Subscribe<ApprovalRequest>;
  /** A request was withdrawn (its turn stopped); close its dialog. */
  readonly onDidWithdraw: Subscribe<string>;
  /**
   * A request was answered (possibly in another window, or by a grant given meanwhile), or
   * withdrawn (`outcome.cancelled`): every window closes its dialog either way.
   */
  readonly onDidResolve: Subscribe<ApprovalResolution>;
  /** The "always" grants changed: added, suspended, reactivated or revoked. */
  readonly onDidChangeGrants: Subscribe<GrantView[]>;

  constructor(private readonly options: ApprovalBrokerOptions) {
    const report = (error: unknown): void =>
      options.log?.error('approval listener failed', { error });
    this.requested = new Emitter(report);
    this.withdrawn = new Emitter(report);
    this.resolved = new Emitter(report);
    this.grantsChanged = new Emitter(report);
    this.onDidRequest = this.requested.event;
    this.onDidWithdraw = this.withdrawn.event;
    this.onDidResolve = this.resolved.event;
    this.onDidChangeGrants = this.grantsChanged.event;
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? randomUUID;
  }

  /**
   * Decides `call`. Never rejects: any failure on the way (a grants file that cannot be read)
   * leads to asking, and a stopped turn (`signal`) resolves as a cancelled denial. With `turn`,
   * asking waits for the caller's turn (everything is checked again then: an answer given
   * meanwhile may cover it), and rejects only when `turn` does.
   */
  async decide(
    call: ApprovalCall,
    signal?: AbortSignal,
    turn?: ConsentTurn,
  ): Promise<ApprovalOutcome> {
    if (signal?.aborted) return cancelled();
    const { server, tool } = call;
    const declaresReadOnly = tool.annotations?.readOnlyHint === true;
    if (this.options.headless && this.options.policy) {
      const trusted = this.options.policy === 'readonly' && (await this.trusts(server));
      return applyPolicy(this.options.policy, declaresReadOnly, trusted);
    }

    // Headless with --ignore-grants: nothing decided in the app counts, only the (absent) policy.
    if (this.options.headless && this.options.ignoreStored) return deniedForNoOne();

    let pinChange: PinChange | undefined;
    const chatGrant = this.conversationGrants.get(call.conversationId, server, tool.name);
    if (chatGrant) {
      pinChange = diffPin(chatGrant.pin, chatGrant.grantedAt, tool);
      if (!pinChange) {
        this.reportStored(call, {
          kind: 'grant',
          scope: 'conversation',
          grantedAt: chatGrant.grantedAt,
        });
        return allowedByGrant('conversation');
      }
    }

    const appId = call.caller?.appId;
    const appGrant = appId ? this.appGrants.get(appId, server, tool.name) : undefined;
    if (appGrant) {
      const change = diffPin(appGrant.pin, appGrant.grantedAt, tool);
      if (!change) return allowedByGrant('app');
      pinChange ??= change;
    }

    const grant = await this.findGrant(server, tool.name);
    if (grant) {
      const change = diffPin(grant.pin, grant.grantedAt, tool);
      if (!change) {
        if (grant.suspension) await this.changeGrant(() => this.options.grants.unsuspend(grant.id));
        this.reportStored(call, { kind: 'grant', scope: 'always', grantedAt: grant.grantedAt });
        return allowedByGrant('always');
      }
      // The conversation grant is the more recent approval, so its diff is the one to show.
      pinChange ??= change;
      if (!grant.suspension || canonicalJson(grant.suspension.change) !== canonicalJson(change)) {
        const at = this.now();
        await this.changeGrant(() => this.options.grants.suspend(grant.id, change, at));
      }
    }

    if (!pinChange && declaresReadOnly && (await this.trusts(server))) {
      this.reportStored(call, { kind: 'readonly-trust' });
      return allowedByReadOnlyHint();
    }
    if (this.options.headless) return deniedForNoOne();
    if (signal?.aborted) return cancelled();
    if (turn) {
      const release = await turn(signal);
      try {
        return await this.decide(call, signal);
      } finally {
        release();
      }
    }
    return this.ask(call, pinChange, signal);
  }

  /**
   * A person's answer to request `requestId`. `decision` is validated here because it comes from
   * the untrusted side. Rejects with NotFound for an unknown (or already settled) id, Validation
   * for a malformed decision, and Internal when an "always" grant could not be saved — the call
   * itself is allowed all the same, since the person did allow it.
   */
  async respond(requestId: string, decision: unknown): Promise<void> {
    const parsed = approvalDecisionSchema.safeParse(decision);
    if (!parsed.success) {
      throw new AppError(AppErrorCode.Validation, hostText('approval.invalidDecision'), {
        issues: parsed.error.issues.map((issue) => issue.message),
      });
    }
    const entry = this.pendingById.get(requestId);
    if (!entry) {
      throw new AppError(AppErrorCode.NotFound, hostText('approval.notWaiting'));
    }
    const appId = entry.call.caller?.appId;
    if (parsed.data.kind === 'allow' && parsed.data.scope === 'app' && !appId) {
      throw new AppError(AppErrorCode.Validation, hostText('approval.notFromApp'));
    }
    // Claimed before any await, so a second answer to the same request gets NotFound.
    this.take(entry);
    const answer = parsed.data;
    if (answer.kind === 'deny') {
      this.settle(entry, deniedByPerson(answer.reason));
      return;
    }

    const { call } = entry;
    let saveError: unknown;
    if (answer.scope === 'conversation' || answer.scope === 'app') {
      const grants = answer.scope === 'app' ? this.appGrants : this.conversationGrants;
      grants.set(appId ?? call.conversationId, call.server, call.tool.name, {
        pin: pinTool(call.tool),
        grantedAt: this.now(),
      });
    } else if (answer.scope === 'always') {
      try {
        await this.saveAlwaysGrant(call);
      } catch (error) {
        saveError = error;
        this.options.log?.error('could not save grant', { server: call.server, error });
      }
    }
    this.settle(entry, allowedByPerson(answer.scope));
    if (answer.scope !== 'once' && saveError === undefined)
      this.releaseCovered(entry, answer.scope);
    if (saveError !== undefined) {
      throw new AppError(
        AppErrorCode.Internal,
        'The call was allowed, but the "always allow" grant could not be saved.',
      );
    }
  }

  /** Requests waiting for a person, oldest first (a reloaded window shows them again). */
  pending(): ApprovalRequest[] {
    return [...this.pendingById.values()].map((entry) => entry.request);
  }

  /** Every "always" grant, for the settings screen, ordered by server and tool. */
  async listGrants(): Promise<GrantView[]> {
    const grants = await this.options.grants.list();
    return grants
      .map(toGrantView)
      .sort((a, b) => compareText(a.server, b.server) || compareText(a.toolName, b.toolName));
  }

  /** Revokes an "always" grant; the next call of that tool asks again. */
  async revokeGrant(id: string): Promise<void> {
    if (!(await this.options.grants.revoke(id))) {
      throw new AppError(AppErrorCode.NotFound, hostText('approval.noGrant'));
    }
    await this.fireGrantsChanged();
  }

  /** Forgets what the person allowed an App that closed. */
  forgetApp(appId: string): void {
    this.appGrants.forget(appId);
  }

  /** Forgets the conversation grants of a deleted conversation. */
  forgetConversation(conversationId: string): void {
    this.conversationGrants.forget(conversationId);
  }

  /** Withdraws every pending request (as cancelled) and drops listeners and in-memory grants. */
  dispose(): void {
    for (const entry of [...this.pendingById.values()]) this.withdraw(entry);
    this.conversationGrants.clear();
    this.appGrants.clear();
    this.requested.clear();
    this.withdrawn.clear();
    this.resolved.clear();
    this.grantsChanged.clear();
  }

  private ask(
    call: ApprovalCall,
    pinChange: PinChange | undefined,
    signal: AbortSignal | undefined,
  ): Promise<ApprovalOutcome> {
    const { tool } = call;
    const request: ApprovalRequest = {
      id: this.newId(),
      conversationId: call.conversationId,
      server: call.server,
      toolName: tool.name,
      modelName: call.modelName,
      arguments: call.arguments,
      createdAt: this.now(),
    };
    if (call.toolUseId !== undefined) request.toolUseId = call.toolUseId;
    const title = tool.title ?? tool.annotations?.title;
    if (title !== undefined) request.title = title;
    if (tool.description !== undefined) request.description = tool.description;
    if (tool.annotations !== undefined) request.annotations = tool.annotations;
    if (pinChange) request.pinChange = pinChange;
    if (call.caller) request.caller = call.caller;
    const sandboxed = this.options.isSandboxed?.(call.server);
    if (sandboxed !== undefined) request.sandboxed = sandboxed;

    return new Promise<ApprovalOutcome>((resolve) => {
      const onAbort = (): void => {
        const entry = this.pendingById.get(request.id);
        if (entry) this.withdraw(entry, withdrawReason(signal));
      };
      const entry: Pending = {
        request,
        call,
        resolve,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      this.pendingById.set(request.id, entry);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.requested.fire(request);
    });
  }

  /** After an answer that holds beyond this call, other waiting calls it covers need no dialog. */
  private releaseCovered(answered: Pending, scope: 'conversation' | 'always' | 'app'): void {
    const { call } = answered;
    const hash = pinHash(call.tool);
    const reach = (other: ApprovalCall): boolean =>
      scope === 'always' ||
      (scope === 'conversation' && other.conversationId === call.conversationId) ||
      (scope === 'app' && other.caller?.appId === call.caller?.appId);
    for (const entry of [...this.pendingById.values()]) {
      const other = entry.call;
      const covered =
        other.server === call.server &&
        other.tool.name === call.tool.name &&
        reach(other) &&
        pinHash(other.tool) === hash;
      if (!covered) continue;
      this.take(entry);
      this.settle(entry, allowedByGrant(scope));
    }
  }

  private async saveAlwaysGrant(call: ApprovalCall): Promise<void> {
    const grant: Grant = {
      id: this.newId(),
      server: call.server,
      toolName: call.tool.name,
      pin: pinTool(call.tool),
      grantedAt: this.now(),
    };
    const title = call.tool.title ?? call.tool.annotations?.title;
    if (title !== undefined) grant.title = title;
    // Replaces a suspended grant for the same tool: re-approval re-pins.
    await this.options.grants.add(grant);
    await this.fireGrantsChanged();
  }

  private take(entry: Pending): void {
    this.pendingById.delete(entry.request.id);
    entry.detach();
  }

  private settle(entry: Pending, outcome: ApprovalOutcome): void {
    entry.resolve(outcome);
    this.resolved.fire({ requestId: entry.request.id, outcome });
  }

  private withdraw(entry: Pending, reason?: string): void {
    this.take(entry);
    const outcome = cancelled(reason);
    entry.resolve(outcome);
    this.withdrawn.fire(entry.request.id);
    this.resolved.fire({ requestId: entry.request.id, outcome });
  }

  private async findGrant(server: string, toolName: string): Promise<Grant | undefined> {
    try {
      return await this.options.grants.find(server, toolName);
    } catch (error) {
      // Without the grants the safe answer is to ask, not to fail the call.
      this.options.log?.error('could not read grants; asking instead', { server, error });
      return undefined;
    }
  }

  /** Applies a suspension change; a failure to record it is logged, the decision stands. */
  private async changeGrant(change: () => Promise<void>): Promise<void> {
    try {
      await change();
    } catch (error) {
      this.options.log?.error('could not update grant', { error });
      return;
    }
    await this.fireGrantsChanged();
  }

  /** Headless runs say when an earlier decision in the app let a call through. */
  private reportStored(call: ApprovalCall, approval: StoredApproval): void {
    if (!this.options.headless) return;
    try {
      this.options.onStoredApproval?.(call, approval);
    } catch (error) {
      this.options.log?.error('stored approval listener failed', { error });
    }
  }

  private async trusts(server: string): Promise<boolean> {
    try {
      return await this.options.isReadOnlyTrusted(server);
    } catch (error) {
      this.options.log?.error('could not read read-only trust; treating as untrusted', {
        server,
        error,
      });
      return false;
    }
  }

  private async fireGrantsChanged(): Promise<void> {
    if (!this.grantsChanged.hasListeners) return;
    try {
      this.grantsChanged.fire(await this.listGrants());
    } catch (error) {
      this.options.log?.error('could not list grants', { error });
    }
  }
}

/**
 * Why a call was withdrawn: a signal aborted with a Cancelled {@link AppError} says (the person
 * cancelled that one call); any other abort is the turn stopping.
 */
function withdrawReason(signal: AbortSignal | undefined): string | undefined {
  const reason: unknown = signal?.reason;
  return reason instanceof AppError && reason.code === AppErrorCode.Cancelled
    ? reason.message
    : undefined;
}
