import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SamplingInteraction } from '../../../shared/domain/interactions';
import { JsonBlock } from '../../components/BoundedText';
import { useInteractionsStore } from '../../stores/StoresContext';
import { ModelListNote } from '../providers/ModelListNote';
import { ModelSelect } from '../providers/ModelSelect';
import { SamplingActions } from './SamplingActions';
import { SamplingBlockView } from './SamplingBlockView';
import {
  approveRequestDecision,
  blockText,
  initialRequestEdits,
  maxTokensCeiling,
  maxTokensIssue,
  textKey,
  type RequestEdits,
} from './samplingEdits';
import { SamplingFacts } from './SamplingFacts';
import { TextArea } from './TextArea';

/** The first review: what the server asks the model, editable, then approve or reject. */
export function SamplingRequestReview({ interaction }: { interaction: SamplingInteraction }) {
  const { t } = useTranslation();
  const { request, id } = interaction;
  const respond = useInteractionsStore((s) => s.respondSampling);
  const [edits, setEdits] = useState<RequestEdits>(() =>
    initialRequestEdits(request, interaction.suggestedModel, interaction.maxTokensLimit),
  );
  const [tried, setTried] = useState(false);
  const issue = maxTokensIssue(edits.maxTokens, interaction.maxTokensLimit);
  const patch = (change: Partial<RequestEdits>): void => setEdits((e) => ({ ...e, ...change }));
  const approve = (): void => {
    setTried(true);
    if (issue) return;
    void respond(id, approveRequestDecision(request, edits));
  };

  return (
    <div className="sampling" data-testid="sampling-request">
      <SamplingFacts interaction={interaction} />
      <div className="sampling__row">
        <SamplingModelPicker
          id={`${id}-model`}
          value={edits.model}
          onChange={(model) => patch({ model })}
        />
        <div className="field sampling__max-tokens">
          <label className="field__label" htmlFor={`${id}-max-tokens`}>
            {t('interactions.sampling.maxTokens')}
          </label>
          <input
            id={`${id}-max-tokens`}
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={maxTokensCeiling(interaction.maxTokensLimit)}
            step={1}
            value={edits.maxTokens}
            aria-invalid={tried && issue ? true : undefined}
            aria-describedby={`${id}-max-tokens-help`}
            onChange={(e) => patch({ maxTokens: e.target.value })}
            data-testid="sampling-max-tokens"
          />
          <span id={`${id}-max-tokens-help`} className="field__help">
            {interaction.maxTokensLimit === undefined
              ? t('interactions.sampling.maxTokensAsked', { count: request.maxTokens })
              : t('interactions.sampling.maxTokensLimited', {
                  asked: request.maxTokens,
                  limit: interaction.maxTokensLimit,
                })}
          </span>
          {tried && issue && (
            <span className="field__error" role="alert">
              {issue.code === 'range'
                ? t('interactions.sampling.maxTokensRange', { max: issue.max })
                : t('interactions.sampling.maxTokensInteger')}
            </span>
          )}
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-system`}>
          {t('interactions.sampling.systemPrompt')}
        </label>
        <TextArea
          id={`${id}-system`}
          value={edits.systemPrompt}
          placeholder={t('interactions.sampling.noSystemPrompt')}
          onChange={(systemPrompt) => patch({ systemPrompt })}
          testId="sampling-system"
        />
      </div>
      <section className="sampling__messages" aria-label={t('interactions.sampling.messages')}>
        <h4 className="sampling__label">{t('interactions.sampling.messages')}</h4>
        {request.messages.map((message, m) => (
          <div key={m} className={`sampling-message sampling-message--${message.role}`}>
            <span className="sampling-message__role">
              {t(`interactions.sampling.roles.${message.role}`)}
            </span>
            {message.content.map((block, b) => {
              const key = textKey(m, b);
              return blockText(block) !== undefined ? (
                <TextArea
                  key={b}
                  value={edits.texts[key] ?? ''}
                  label={t('interactions.sampling.messageText', {
                    index: m + 1,
                    role: t(`interactions.sampling.roles.${message.role}`),
                  })}
                  onChange={(text) => patch({ texts: { ...edits.texts, [key]: text } })}
                  testId={`sampling-text-${key}`}
                />
              ) : (
                <SamplingBlockView key={b} block={block} />
              );
            })}
          </div>
        ))}
      </section>
      {request.tools && request.tools.length > 0 && (
        <section className="sampling__tools" aria-label={t('interactions.sampling.tools')}>
          <h4 className="sampling__label">
            {t('interactions.sampling.toolsCount', { count: request.tools.length })}
          </h4>
          {request.tools.map((tool) => (
            <details key={tool.name} className="sampling-tool">
              <summary>
                <code>{tool.name}</code>
                {tool.description && <span className="muted"> — {tool.description}</span>}
              </summary>
              <JsonBlock value={tool.inputSchema} />
            </details>
          ))}
          {request.toolChoice && (
            <div className="sampling__tool-choice">
              <span className="sampling__label">{t('interactions.sampling.toolChoice')}</span>
              <JsonBlock value={request.toolChoice} />
            </div>
          )}
        </section>
      )}
      <SamplingActions
        id={id}
        label={t('interactions.sampling.approveRequest')}
        testId="sampling-approve"
        onConfirm={approve}
      />
    </div>
  );
}

/** The model to generate with, from any provider; the server's suggestion preselected. */
function SamplingModelPicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (model: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field sampling__model">
      <label className="field__label" htmlFor={id}>
        {t('interactions.sampling.model')}
      </label>
      <ModelSelect id={id} value={value} onChange={onChange} testId="sampling-model" />
      <ModelListNote model={value} />
    </div>
  );
}
