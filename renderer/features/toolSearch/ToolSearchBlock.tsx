import { Search } from 'lucide-react';
import { useSharedTranslation } from '../../i18n/sharedTranslation';
import type {
  MessageBlock,
  ToolSearchResultBlock,
} from '../../../shared/domain/conversationMessage';

/** A reply's search of the tools by the provider's own tool search: what it asked, what it found. */
export function ToolSearchBlock({
  result,
  content,
}: {
  result: ToolSearchResultBlock;
  content: readonly MessageBlock[];
}) {
  const { t } = useSharedTranslation();
  const call = content.find(
    (block) => block.type === 'server_tool_use' && block.id === result.tool_use_id,
  );
  const input = (call?.type === 'server_tool_use' ? call.input : {}) as Record<string, unknown>;
  const query = [input.query, input.pattern].find((v): v is string => typeof v === 'string') ?? '';
  const found =
    result.content.type === 'tool_search_tool_search_result'
      ? result.content.tool_references.map((ref) => ref.tool_name)
      : undefined;
  return (
    <p className="tool-search-block" data-testid="tool-search-block">
      <Search aria-hidden size={14} className="tool-search-block__icon" />
      {t('toolSearch.searched', { query })} —{' '}
      {found === undefined ? (
        t('toolSearch.searchFailed', {
          code:
            result.content.type === 'tool_search_tool_result_error'
              ? result.content.error_code
              : '',
        })
      ) : found.length === 0 ? (
        t('toolSearch.foundNone')
      ) : (
        <>
          {t('toolSearch.found')}{' '}
          {found.map((name, i) => (
            <span key={name}>
              {i > 0 && ', '}
              <code>{name}</code>
            </span>
          ))}
        </>
      )}
    </p>
  );
}
