import type { BenchContext } from '../BenchContext';
import { runChatFirstToken, type ChatFirstTokenReport } from './benchChatFirstToken';

/**
 * `chatFirstTokenOpenAi`: as `chatFirstToken`, against the fake Chat Completions API, the host
 * sending every turn as `openai/deepseek-chat` (the `openai` provider from OPENAI_API_KEY and
 * OPENAI_BASE_URL), the bare side through the `openai` SDK.
 */
export function benchChatFirstTokenOpenAi(ctx: BenchContext): Promise<ChatFirstTokenReport> {
  return runChatFirstToken(ctx, 'openai');
}
