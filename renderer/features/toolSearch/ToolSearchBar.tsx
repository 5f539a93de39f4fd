import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogCosts, ConversationToolSearch } from '../../../shared/domain/toolSearch';
import { formatCount } from '../../components/formatTime';
import { useChatStore, useToolCostsStore } from '../../stores/StoresContext';
import { useModelName, useSelectedModel } from '../providers/useModelName';
import { formatTokens } from './formatTokens';

const choices: { value: ConversationToolSearch; label: string }[] = [
  { value: 'default', label: 'toolSearch.chatDefault' },
  { value: 'on', label: 'toolSearch.chatOn' },
  { value: 'off', label: 'toolSearch.chatOff' },
];

/** Warn from this share of the context on; past it the next request would not fit. */
const NEAR = 0.85;

/**
 * Above the composer: how this conversation's requests carry the tools (and its own tool search
 * choice), and a warning when the next request would not fit the model's context.
 */
export function ToolSearchBar({
  conversationId,
  conversationModel,
}: {
  conversationId: string | null;
  conversationModel?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const model = useSelectedModel(conversationModel);
  const costs = useToolCostsStore((s) => s.chat?.costs);
  const watchChat = useToolCostsStore((s) => s.watchChat);
  const setMode = useToolCostsStore((s) => s.setConversationMode);
  // A new chat keeps its choice until its first message creates the conversation.
  const newChatMode = useChatStore((s) => s.newChatToolSearch);
  const setNewChatMode = useChatStore((s) => s.setNewChatToolSearch);
  useEffect(() => {
    void watchChat(
      conversationId ? { conversationId, model } : { conversationId, model, mode: newChatMode },
    );
  }, [conversationId, model, newChatMode, watchChat]);
  useEffect(() => () => void watchChat(null), [watchChat]);
  if (!costs || costs.total.tools === 0) return null;
  const tokens = (value: number): string => formatTokens(value, i18n.language);
  const { plan } = costs;
  return (
    <div className="tool-search-bar-wrap">
      <div className="tool-search-bar" data-testid="tool-search-bar" data-loading={plan.loading}>
        <label>
          <span className="sr-only">{t('toolSearch.chatLabel')}</span>
          <span aria-hidden="true">{t('toolSearch.section')}: </span>
          <select
            className="input select"
            value={conversationId ? (costs.conversationMode ?? 'default') : newChatMode}
            onChange={(e) => {
              const mode = e.target.value as ConversationToolSearch;
              if (conversationId) void setMode(conversationId, mode);
              else setNewChatMode(mode);
            }}
            data-testid="tool-search-choice"
          >
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {t(choice.label)}
              </option>
            ))}
          </select>
        </label>
        <span data-testid="tool-search-summary">
          {plan.loading === 'all'
            ? t('toolSearch.chatSummaryAll', {
                count: costs.total.tools,
                total: formatCount(costs.total.tools, i18n.language),
                tokens: tokens(plan.sentTokens),
              })
            : t('toolSearch.chatSummarySearch', {
                sent: formatCount(plan.sentTools, i18n.language),
                total: formatCount(costs.total.tools, i18n.language),
                tokens: tokens(plan.sentTokens),
              })}
          {plan.loadedTools > 0 && ` · ${t('toolSearch.chatLoaded', { count: plan.loadedTools })}`}
        </span>
      </div>
      <ContextWarning costs={costs} />
    </div>
  );
}

/** Tool definitions this large with no known window still deserve a word. */
const LARGE_TOOLS_TOKENS = 100_000;

function ContextWarning({ costs }: { costs: CatalogCosts }) {
  const { t, i18n } = useTranslation();
  const name = useModelName(costs.context?.model ?? '');
  const context = costs.context;
  const { plan } = costs;
  // Search off and every definition sent: say how many and how much, against the window.
  if (plan.loading === 'all' && context) {
    const values = {
      count: plan.sentTools,
      tools: formatCount(plan.sentTools, i18n.language),
      tokens: formatTokens(plan.sentTokens, i18n.language),
      model: name,
      window: context.window ? formatTokens(context.window, i18n.language) : '',
    };
    if (context.window && plan.sentTokens >= context.window) {
      return (
        <p className="context-warning" role="alert" data-testid="context-warning">
          {t('toolSearch.toolsOverWindow', values)}
        </p>
      );
    }
    if (!context.window && plan.sentTokens >= LARGE_TOOLS_TOKENS) {
      return (
        <p className="context-warning" role="alert" data-testid="context-warning">
          {t('toolSearch.toolsLarge', values)}
        </p>
      );
    }
  }
  if (!context?.window) return null;
  const share = context.projectedTokens / context.window;
  if (share < NEAR) return null;
  const values = {
    model: name,
    projected: formatTokens(context.projectedTokens, i18n.language),
    window: formatTokens(context.window, i18n.language),
  };
  const toolsTooLarge = costs.plan.loading === 'all' && costs.plan.sentTokens > context.window / 2;
  return (
    <p className="context-warning" role="alert" data-testid="context-warning">
      {share >= 1 ? t('toolSearch.contextWarning', values) : t('toolSearch.contextNear', values)}
      {toolsTooLarge &&
        ` ${t('toolSearch.contextWarningTools', { tokens: formatTokens(costs.plan.sentTokens, i18n.language) })}`}
    </p>
  );
}
