import type {
  ConversationToolSearch,
  ToolLoading,
  ToolLoadingReason,
  ToolSearchSettings,
} from '../../../../shared/domain/toolSearch';

/** What the decision looks at. */
export interface ToolLoadingInput {
  /** Enabled tools the model could be offered, and their estimated tokens. */
  tools: number;
  tokens: number;
  settings: ToolSearchSettings;
  conversation: ConversationToolSearch;
  /** The model has the provider's own tool search (Claude's server-side search). */
  apiSearchAvailable: boolean;
}

/** How requests offer tools, and why. */
export interface ToolLoadingDecision {
  loading: ToolLoading;
  reason: ToolLoadingReason;
}

/**
 * Whether requests carry every tool definition or a search tool: the conversation's own
 * choice first, then the settings; `auto` searches when the enabled tools are more than
 * `minTools` or their definitions more than `minTokens`. Searching uses the provider's own
 * search where the model has it and the settings allow it, otherwise ours.
 */
export function decideToolLoading(input: ToolLoadingInput): ToolLoadingDecision {
  if (input.tools === 0) return { loading: 'all', reason: 'no-tools' };
  const search = (reason: ToolLoadingReason): ToolLoadingDecision => ({
    loading: input.apiSearchAvailable && input.settings.useApiSearch ? 'api-search' : 'search',
    reason,
  });
  if (input.conversation === 'on') return search('forced-on');
  if (input.conversation === 'off') return { loading: 'all', reason: 'forced-off' };
  if (input.settings.mode === 'on') return search('forced-on');
  if (input.settings.mode === 'off') return { loading: 'all', reason: 'forced-off' };
  const large = input.tools > input.settings.minTools || input.tokens > input.settings.minTokens;
  return large ? search('above-threshold') : { loading: 'all', reason: 'below-threshold' };
}
