import type { SamplingRequestView } from '../../../shared/domain/interactions';
import { AppError } from '../../../shared/errors';
import { userRejected } from '../mcp/session/InteractionHandlers';
import type { ElicitResult, SamplingResult } from '../mcp/session/mcpTypes';
import { assertValidAnswer } from './FormElicitation';
import type { HeadlessInteractionPolicy } from './HeadlessInteractionPolicy';
import type { GenerateSample } from './SamplingReview';
import { toSamplingResult } from './toSamplingResult';
import { withDefaults } from './validateElicitation';

/** Answers for unattended runs: the policy decides; without one, everything is refused. */
export const answerHeadless = {
  async sampling(
    policy: HeadlessInteractionPolicy,
    input: {
      server: string;
      request: SamplingRequestView;
      model: string;
      maxTokens: number;
      generate: GenerateSample;
      signal: AbortSignal;
    },
  ): Promise<SamplingResult> {
    if (policy.sampling !== 'approve') {
      policy.report?.(
        `${input.server} asked for a model completion; rejected (use --sampling approve).`,
      );
      throw userRejected('Sampling was not approved (no one is here to review it).');
    }
    try {
      const result = await input.generate(
        { ...input.request, maxTokens: input.maxTokens },
        input.model,
        input.maxTokens,
        input.signal,
      );
      return toSamplingResult(result, input.request.tools !== undefined);
    } catch (error) {
      const message = AppError.from(error).message;
      policy.report?.(`${input.server}: sampling failed: ${message}`);
      throw userRejected(`The model call failed: ${message}`);
    }
  },

  form(
    policy: HeadlessInteractionPolicy,
    server: string,
    schema: Record<string, unknown>,
  ): ElicitResult {
    const elicit = policy.elicit;
    if (!elicit) {
      policy.report?.(`${server} asked for information; declined (use --elicit).`);
      return { action: 'decline' };
    }
    if (elicit.kind === 'decline' || elicit.kind === 'cancel') return { action: elicit.kind };
    const content = withDefaults(schema, elicit.kind === 'answers' ? elicit.answers : {});
    // Answers meant for another form are left out; this form's fields are checked as typed.
    const fields = Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {});
    const own = Object.fromEntries(Object.entries(content).filter(([k]) => fields.includes(k)));
    try {
      assertValidAnswer(schema, own);
    } catch (error) {
      policy.report?.(
        `${server}: the answers do not fit its form; declined. ${AppError.from(error).message}`,
      );
      return { action: 'decline' };
    }
    return { action: 'accept', content: own };
  },
};
