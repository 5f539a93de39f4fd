import { useTranslation } from 'react-i18next';
import type { SamplingBlock } from '../../../shared/domain/interactions';
import { BoundedText, JsonBlock } from '../../components/BoundedText';
import { contentBlock } from '../servers/contentBlocks';

/**
 * A sampling content block that is not edited in place: images and audio from their base64
 * data, tool_use and tool_result as JSON, anything else as its JSON.
 */
export function SamplingBlockView({ block }: { block: SamplingBlock }) {
  const { t } = useTranslation();
  switch (block.type) {
    case 'text':
      return <BoundedText text={typeof block.text === 'string' ? block.text : ''} mono={false} />;
    case 'image':
    case 'audio': {
      const view = contentBlock(block);
      if (view.type === 'image')
        return (
          <img
            className="sampling-block__image"
            src={view.src}
            alt={t('interactions.sampling.image', { mimeType: view.mimeType })}
          />
        );
      if (view.type === 'audio')
        return (
          <div className="sampling-block__audio">
            <span className="chip">
              {t('interactions.sampling.audio', { mimeType: view.mimeType })}
            </span>
            <audio controls src={view.src} />
          </div>
        );
      return <JsonBlock value={block} />;
    }
    case 'tool_use':
      return (
        <div className="sampling-block__tool">
          <p className="sampling-block__tool-title">
            <span className="chip">{t('interactions.sampling.toolUse')}</span>
            <code>{typeof block.name === 'string' ? block.name : '?'}</code>
          </p>
          <JsonBlock value={block.input} />
        </div>
      );
    case 'tool_result':
      return (
        <div className="sampling-block__tool">
          <p className="sampling-block__tool-title">
            <span className={`chip${block.isError === true ? ' chip--danger' : ''}`}>
              {t('interactions.sampling.toolResult')}
            </span>
            {typeof block.toolUseId === 'string' && <code>{block.toolUseId}</code>}
          </p>
          <JsonBlock value={block.content} />
        </div>
      );
    default:
      return <JsonBlock value={block} />;
  }
}
