import type {
  SamplingBlock,
  SamplingRequestView,
  SamplingResultView,
} from '../../../shared/domain/interactions';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import { MessageAccumulator } from '../models/MessageAccumulator';
import type { ModelClient } from '../models/ModelClient';
import { toModelRequest } from './toModelRequest';

/** The neutral stop reasons (the Messages API's) in MCP's spelling; others pass through. */
const STOP_REASONS: Record<string, string> = {
  end_turn: 'endTurn',
  stop_sequence: 'stopSequence',
  max_tokens: 'maxTokens',
  tool_use: 'toolUse',
};

/**
 * One completion for an approved sampling request, through the same model client chat turns
 * use (any provider); `model` is that provider's model id. The answer is in MCP's shapes: text blocks and, for sampling with tools, tool_use blocks
 * (the host runs nothing; the server does).
 */
export async function generateSample(
  client: ModelClient,
  request: SamplingRequestView,
  model: string,
  maxTokens: number,
  signal: AbortSignal,
): Promise<SamplingResultView> {
  const accumulator = new MessageAccumulator();
  for await (const event of client.stream(toModelRequest(request, model, maxTokens), signal)) {
    accumulator.apply(event, () => {});
  }
  if (signal.aborted) throw new AppError(AppErrorCode.Cancelled, hostText('model.cancelled'));
  if (!accumulator.complete) {
    throw new AppError(AppErrorCode.LlmNetwork, hostText('model.sampleIncomplete'));
  }
  const content = accumulator
    .content({ partial: false, withToolUses: true })
    .flatMap((block): SamplingBlock[] => {
      if (block.type === 'text') return [{ type: 'text', text: block.text }];
      if (block.type === 'tool_use') {
        return [{ type: 'tool_use', id: block.id, name: block.name, input: block.input ?? {} }];
      }
      return [];
    });
  const reason = accumulator.stopReason;
  return {
    model,
    ...(reason ? { stopReason: STOP_REASONS[reason] ?? reason } : {}),
    content,
  };
}
