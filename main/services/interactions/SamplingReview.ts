import type {
  InteractionOrigin,
  SamplingBlock,
  SamplingDecision,
  SamplingInteraction,
  SamplingRequestView,
  SamplingResultView,
  SamplingStage,
} from '../../../shared/domain/interactions';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText, type HostText } from '../../../shared/text/hostText';
import { userRejected } from '../mcp/session/InteractionHandlers';
import type { SamplingResult } from '../mcp/session/mcpTypes';
import { toSamplingResult } from './toSamplingResult';

/** Calls the model for an approved request. */
export type GenerateSample = (
  request: SamplingRequestView,
  model: string,
  maxTokens: number,
  signal: AbortSignal,
) => Promise<SamplingResultView>;

/** How a review ends: the person decided, the server withdrew it, or its tool call ended. */
export type SamplingOutcome = 'approved' | 'rejected' | 'withdrawn' | 'cancelled';

export interface SamplingReviewOptions {
  id: string;
  server: string;
  origin: InteractionOrigin;
  createdAt: number;
  request: SamplingRequestView;
  suggestedModel: string;
  maxTokensLimit?: number;
  generate: GenerateSample;
  /** The view changed (stage, result, error). */
  changed: () => void;
  /** The review is over; `outcome` says how. */
  finished: (outcome: SamplingOutcome) => void;
}

/**
 * One sampling request with a person in the loop twice: the request is reviewed (and may be
 * edited) before anything is generated, the completion is reviewed (and may be edited) before
 * the server gets it. A rejection at any point answers the server with error -1.
 */
export class SamplingReview {
  /** Settles with the answer for the server (or the rejection). */
  readonly answer: Promise<SamplingResult>;
  /** The chat tool call it is shown with (the broker may move it to another). */
  origin: InteractionOrigin;
  private stage: SamplingStage = 'review-request';
  private approved: { request: SamplingRequestView; model: string; maxTokens: number } | undefined;
  private result: SamplingResultView | undefined;
  private error: string | undefined;
  private generation: AbortController | undefined;
  private settle!: { resolve: (r: SamplingResult) => void; reject: (e: unknown) => void };
  private done = false;

  constructor(private readonly options: SamplingReviewOptions) {
    this.answer = new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    this.origin = options.origin;
  }

  get server(): string {
    return this.options.server;
  }

  view(): SamplingInteraction {
    const o = this.options;
    return {
      kind: 'sampling',
      id: o.id,
      server: o.server,
      createdAt: o.createdAt,
      origin: this.origin,
      stage: this.stage,
      request: o.request,
      suggestedModel: this.approved?.model ?? o.suggestedModel,
      ...(o.maxTokensLimit !== undefined ? { maxTokensLimit: o.maxTokensLimit } : {}),
      ...(this.result ? { result: this.result } : {}),
      ...(this.error !== undefined ? { error: this.error } : {}),
    };
  }

  /** Applies the person's decision; VALIDATION when it does not fit the current stage. */
  respond(decision: SamplingDecision): void {
    switch (decision.action) {
      case 'approve-request':
        this.expect('review-request', hostText('sampling.doReview'));
        this.approved = {
          request: this.editedRequest(decision),
          model: decision.model,
          maxTokens: this.checkedMaxTokens(decision.maxTokens),
        };
        this.startGeneration();
        return;
      case 'regenerate':
        this.expect('review-result', hostText('sampling.doRegenerate'));
        this.startGeneration();
        return;
      case 'approve-result': {
        this.expect('review-result', hostText('sampling.doApprove'));
        if (!this.result || !this.approved) {
          throw new AppError(AppErrorCode.Validation, hostText('sampling.noResultYet'));
        }
        const content = editBlocks(
          this.result.content,
          decision.texts,
          hostText('sampling.theResult'),
        );
        const final = { ...this.result, content };
        this.finish('approved');
        this.settle.resolve(toSamplingResult(final, this.approved.request.tools !== undefined));
        return;
      }
      case 'reject':
        this.generation?.abort();
        this.finish('rejected');
        this.settle.reject(
          userRejected(decision.reason?.trim() || 'The person rejected the sampling request.'),
        );
        return;
    }
  }

  /** The server cancelled or went away: stop generating and close the panel. */
  withdraw(): void {
    if (this.done) return;
    this.generation?.abort();
    this.finish('withdrawn');
    this.settle.reject(new AppError(AppErrorCode.Cancelled, hostText('sampling.withdrawn')));
  }

  /** The chat tool call that asked ended: rejected (as a person would) with `reason`. */
  abandon(reason: string): void {
    if (this.done) return;
    this.generation?.abort();
    this.finish('cancelled');
    this.settle.reject(userRejected(reason));
  }

  private startGeneration(): void {
    const approved = this.approved;
    if (!approved) return;
    this.generation?.abort();
    const abort = new AbortController();
    this.generation = abort;
    this.stage = 'generating';
    this.result = undefined;
    this.error = undefined;
    this.options.changed();
    this.options
      .generate(approved.request, approved.model, approved.maxTokens, abort.signal)
      .then(
        (result) => {
          if (abort.signal.aborted || this.done) return;
          this.result = result;
        },
        (error: unknown) => {
          if (abort.signal.aborted || this.done) return;
          this.error = AppError.from(error).message;
        },
      )
      .finally(() => {
        if (abort.signal.aborted || this.done) return;
        this.stage = 'review-result';
        this.options.changed();
      });
  }

  private editedRequest(
    decision: Extract<SamplingDecision, { action: 'approve-request' }>,
  ): SamplingRequestView {
    const request = structuredClone(this.options.request);
    for (const edit of decision.texts) {
      const message = request.messages[edit.message];
      if (!message) {
        throw new AppError(
          AppErrorCode.Validation,
          hostText('sampling.noMessage', { message: edit.message + 1 }),
        );
      }
      message.content = editBlocks(
        message.content,
        [edit],
        hostText('sampling.theMessage', { message: edit.message + 1 }),
      );
    }
    if (decision.systemPrompt !== undefined) request.systemPrompt = decision.systemPrompt;
    return { ...request, maxTokens: decision.maxTokens };
  }

  private checkedMaxTokens(maxTokens: number): number {
    const limit = this.options.maxTokensLimit;
    if (limit !== undefined && maxTokens > limit) {
      throw new AppError(AppErrorCode.Validation, hostText('sampling.tooManyTokens', { limit }), {
        fields: { maxTokens: `At most ${limit}.` },
        fieldTexts: { maxTokens: hostText('validation.tooBig', { maximum: limit }) },
      });
    }
    return maxTokens;
  }

  private expect(stage: SamplingStage, what: HostText): void {
    if (this.done || this.stage !== stage) {
      throw new AppError(
        AppErrorCode.Validation,
        this.done ? hostText('sampling.answered') : hostText('sampling.notNow', { what }),
      );
    }
  }

  private finish(outcome: SamplingOutcome): void {
    this.done = true;
    this.options.finished(outcome);
  }
}

/** Replaces the text of text blocks by index; anything else is a VALIDATION error. */
function editBlocks(
  blocks: SamplingBlock[],
  edits: readonly { block: number; text: string }[],
  where: HostText,
): SamplingBlock[] {
  const out = blocks.map((b) => ({ ...b }));
  for (const edit of edits) {
    const block = out[edit.block];
    if (block?.type !== 'text') {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('sampling.notText', { block: edit.block + 1, where }),
      );
    }
    block.text = edit.text;
  }
  return out;
}
