import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BoundedText, JsonBlock } from '../../components/BoundedText';
import { LargeText } from '../../components/largeText/LargeText';
import type { TextSource } from '../../components/largeText/TextSource';
import type { ContentBlock } from './contentBlocks';

/** Blocks shown before "Show all": a result with thousands of parts stays responsive. */
const PREVIEW_BLOCKS = 50;

/** Renders MCP content (tool results, prompt messages, resource contents). */
export function ContentBlocksView({
  blocks,
  embedded = true,
  sources,
}: {
  blocks: readonly ContentBlock[];
  /** False when the blocks are a resource's own contents, not resources inside a result. */
  embedded?: boolean;
  /** Text blocks (by index) too large to have been sent whole: read from here instead. */
  sources?: ReadonlyMap<number, TextSource>;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? blocks : blocks.slice(0, PREVIEW_BLOCKS);
  if (blocks.length === 0) return <p className="muted">{t('content.empty')}</p>;
  return (
    <div className="content-blocks">
      {shown.map((block, index) => (
        <Block key={index} block={block} embedded={embedded} source={sources?.get(index)} />
      ))}
      {shown.length < blocks.length && (
        <div className="bounded__more">
          <span className="muted">
            {t('content.moreBlocks', { shown: shown.length, total: blocks.length })}
          </span>
          <button type="button" className="button button--small" onClick={() => setAll(true)}>
            {t('common.showAll')}
          </button>
        </div>
      )}
    </div>
  );
}

function Block({
  block,
  embedded,
  source,
}: {
  block: ContentBlock;
  embedded: boolean;
  source: TextSource | undefined;
}) {
  const { t } = useTranslation();
  switch (block.type) {
    case 'text':
      return source ? (
        <LargeText source={source} />
      ) : (
        <BoundedText text={block.text} className="content-block__text" />
      );
    case 'image':
      return (
        <img
          className="content-block__image"
          src={block.src}
          alt={t('content.image', { mimeType: block.mimeType })}
        />
      );
    case 'audio':
      return (
        <audio className="content-block__audio" controls src={block.src}>
          {t('content.audio', { mimeType: block.mimeType })}
        </audio>
      );
    case 'resourceLink':
      return (
        <div className="content-block__resource">
          <span className="chip">{t('content.resourceLink')}</span>
          <strong>{block.title ?? block.name}</strong>
          <code className="content-block__uri">{block.uri}</code>
          {block.mimeType && <span className="muted">{block.mimeType}</span>}
          {block.description && (
            <p className="muted content-block__description">{block.description}</p>
          )}
        </div>
      );
    case 'resourceText':
      return (
        <div className="content-block__resource">
          {embedded && <span className="chip">{t('content.embeddedResource')}</span>}
          <code className="content-block__uri">{block.uri}</code>
          {block.mimeType && <span className="muted">{block.mimeType}</span>}
          {source ? <LargeText source={source} /> : <BoundedText text={block.text} />}
        </div>
      );
    case 'resourceImage':
      return (
        <div className="content-block__resource">
          {embedded && <span className="chip">{t('content.embeddedResource')}</span>}
          <code className="content-block__uri">{block.uri}</code>
          <img className="content-block__image" src={block.src} alt={block.uri} />
        </div>
      );
    case 'resourceBlob':
      return (
        <div className="content-block__resource">
          {embedded && <span className="chip">{t('content.embeddedResource')}</span>}
          <code className="content-block__uri">{block.uri}</code>
          <span className="muted">
            {t('content.binary', {
              bytes: block.bytes.toLocaleString(),
              mimeType: block.mimeType ?? '?',
            })}
          </span>
        </div>
      );
    case 'unknown':
      return <JsonBlock value={block.value} />;
  }
}
