import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Loadable } from '../../stores/loadable';
import type { ResourceRead } from '../../stores/serverExplorerSlice';
import { ContentBlocksView } from './ContentBlocksView';
import { resourceContents } from './contentBlocks';
import { useErrorText } from '../../i18n/hostText';

/** What reading a resource returned: text (bounded), an image, or a note about binary data. */
export function ResourceContentsView({ read }: { read: Loadable<ResourceRead> }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const blocks = useMemo(
    () => (read.state === 'ready' ? read.value.contents.map(resourceContents) : []),
    [read],
  );
  if (read.state === 'loading') return <p className="muted">{t('common.loading')}</p>;
  if (read.state === 'failed') {
    return (
      <p className="field__error" role="alert">
        {t('resources.readFailed', { message: errorText(read.error) })}
      </p>
    );
  }
  return (
    <div data-testid="resource-contents">
      <ContentBlocksView blocks={blocks} embedded={false} />
    </div>
  );
}
