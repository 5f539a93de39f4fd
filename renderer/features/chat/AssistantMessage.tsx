import { useDeferredValue } from 'react';
import { useSharedTranslation } from '../../i18n/sharedTranslation';
import type { ToolResultBlock } from '../../../shared/domain/conversationMessage';
import type { ChatMessage } from '../../stores/chatModel';
import { useChatStore } from '../../stores/StoresContext';
import { Markdown } from '../markdown/LazyMarkdown';
import { CopyActions } from './CopyActions';
import { CutNote, isCut } from './CutNote';
import { ErrorLine } from './ErrorLine';
import { useModelName } from '../providers/useModelName';
import { replyMarkdown } from './messageText';
import { ReasoningBlock } from './ReasoningBlock';
import { ToolCallCard } from './ToolCallCard';
import { UsageLine } from './UsageLine';
import { ToolSearchBlock } from '../toolSearch/ToolSearchBlock';

interface AssistantMessageProps {
  message: ChatMessage;
  /** The newest reply, once the turn is over: it offers Retry (and Continue when cut off). */
  lastReply: boolean;
  /** Another reply follows this one directly: it was continued. */
  continued?: boolean;
  sentResults: Record<string, ToolResultBlock>;
}

/** A reply: streamed Markdown and tool call cards in the order the model produced them. */
export function AssistantMessage({
  message,
  lastReply,
  continued = false,
  sentResults,
}: AssistantMessageProps) {
  const { t } = useSharedTranslation();
  // Replies written before providers existed are Claude's.
  const name = useModelName(`${message.provider ?? 'anthropic'}/${message.model ?? ''}`);
  const retry = useChatStore((s) => s.retry);
  const onRetry = lastReply ? () => void retry() : undefined;
  const streaming = message.status === 'streaming';
  // While streaming, Markdown may lag a frame behind the text so typing stays smooth.
  const content = useDeferredValue(message.content);
  const cut = isCut(message);
  const markdown = replyMarkdown(message);

  return (
    <article
      className={`chat-message chat-message--assistant${streaming ? ' chat-message--streaming' : ''}${cut ? ' chat-message--cut' : ''}`}
      aria-label={t('chat.reply', { name })}
      aria-busy={streaming}
      data-testid="assistant-message"
      data-status={message.status}
    >
      {content.map((block, index) => {
        if (block.type === 'text') {
          return block.text ? (
            <Markdown key={index} text={block.text} streaming={streaming} />
          ) : null;
        }
        if (block.type === 'tool_use') {
          return <ToolCallCard key={block.id} block={block} sent={sentResults[block.id]} />;
        }
        if (block.type === 'tool_search_tool_result') {
          return <ToolSearchBlock key={index} result={block} content={content} />;
        }
        if (block.type === 'reasoning' || block.type === 'thinking') {
          const text = block.type === 'reasoning' ? block.text : block.thinking;
          const last = index === content.length - 1;
          return text ? (
            <ReasoningBlock key={index} text={text} streaming={streaming && last} />
          ) : null;
        }
        return null;
      })}
      {streaming && <span className="chat-message__caret" aria-hidden="true" />}
      {cut ? (
        <CutNote message={message} lastReply={lastReply} continued={continued} />
      ) : (
        <>
          {message.status === 'failed' && message.error && (
            <ErrorLine error={message.error} onRetry={onRetry} />
          )}
          {message.status === 'stopped' && (
            <p className="turn-note">
              <span className="turn-note__text">{t('chat.stopped')}</span>
              {onRetry && (
                <button type="button" className="button button--small" onClick={onRetry}>
                  {t('chat.retry')}
                </button>
              )}
            </p>
          )}
          {message.status === 'interrupted' && (
            <p className="turn-note turn-note--warn">
              <span className="turn-note__text">{t('chat.interrupted')}</span>
              {onRetry && (
                <button type="button" className="button button--small" onClick={onRetry}>
                  {t('chat.continue')}
                </button>
              )}
            </p>
          )}
        </>
      )}
      <footer className="chat-message__footer">
        {message.model && (
          <span
            className="chat-message__model"
            title={t('providers.writtenBy', {
              model: message.model,
              provider: message.provider ?? '',
            })}
            data-testid="message-model"
          >
            {message.model}
          </span>
        )}
        {message.usage && <UsageLine usage={message.usage} />}
        {!streaming && markdown && <CopyActions markdown={markdown} withPlain />}
        {onRetry && message.status === 'complete' && (
          <button type="button" className="button button--small button--quiet" onClick={onRetry}>
            {t('chat.retry')}
          </button>
        )}
      </footer>
    </article>
  );
}
