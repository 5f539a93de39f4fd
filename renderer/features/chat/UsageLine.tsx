import { useSharedTranslation } from '../../i18n/sharedTranslation';
import type { TokenUsage } from '../../../shared/domain/conversationEvents';
import { formatCount } from '../../components/formatTime';
import { ToolsUsage } from '../toolSearch/ToolsUsage';

/** Tokens of one reply, quietly: input and output, and the cache when it was used. */
export function UsageLine({ usage }: { usage: TokenUsage }) {
  const { t, i18n } = useSharedTranslation();
  const n = (value: number): string => formatCount(value, i18n.language);
  const values = {
    input: n(usage.inputTokens),
    output: n(usage.outputTokens),
    read: n(usage.cacheReadInputTokens),
    written: n(usage.cacheCreationInputTokens),
  };
  return (
    <span className="chat-message__usage" title={t('chat.usageTitle', values)}>
      {t('chat.usage', values)}
      {usage.cacheReadInputTokens > 0 && t('chat.usageCacheRead', values)}
      {usage.cacheCreationInputTokens > 0 && t('chat.usageCacheWrite', values)}
      {usage.tools && <ToolsUsage tools={usage.tools} />}
    </span>
  );
}
