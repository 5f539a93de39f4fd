import { useTranslation } from 'react-i18next';
import type { SamplingInteraction } from '../../../shared/domain/interactions';

/** The request's parameters that are shown, not edited: temperature, stops, preferences. */
export function SamplingFacts({ interaction }: { interaction: SamplingInteraction }) {
  const { t } = useTranslation();
  const { request } = interaction;
  const prefs = request.modelPreferences;
  const hints = (prefs?.hints ?? []).map((h) => h.name).filter((n): n is string => !!n);
  const priorities = (
    [
      ['cost', prefs?.costPriority],
      ['speed', prefs?.speedPriority],
      ['intelligence', prefs?.intelligencePriority],
    ] as const
  ).filter(
    (entry): entry is readonly ['cost' | 'speed' | 'intelligence', number] =>
      typeof entry[1] === 'number',
  );
  return (
    <dl className="facts sampling__facts" data-testid="sampling-facts">
      <div className="facts__item">
        <dt>{t('interactions.sampling.temperature')}</dt>
        <dd>{request.temperature ?? t('interactions.sampling.notSet')}</dd>
      </div>
      <div className="facts__item">
        <dt>{t('interactions.sampling.stopSequences')}</dt>
        <dd>
          <CodeChips
            values={(request.stopSequences ?? []).map((stop) => JSON.stringify(stop))}
            empty={t('interactions.sampling.notSet')}
          />
        </dd>
      </div>
      <div className="facts__item">
        <dt>{t('interactions.sampling.modelHints')}</dt>
        <dd>
          <CodeChips values={hints} empty={t('interactions.sampling.notSet')} />
        </dd>
      </div>
      <div className="facts__item">
        <dt>{t('interactions.sampling.priorities')}</dt>
        <dd>
          {priorities.length > 0
            ? priorities
                .map(([name, value]) => t(`interactions.sampling.priority.${name}`, { value }))
                .join(' · ')
            : t('interactions.sampling.notSet')}
        </dd>
      </div>
      {request.includeContext && request.includeContext !== 'none' && (
        <div className="facts__item">
          <dt>{t('interactions.sampling.includeContext')}</dt>
          <dd>
            <code>{request.includeContext}</code>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** Values as code chips, or `empty` when there are none. */
function CodeChips({ values, empty }: { values: readonly string[]; empty: string }) {
  if (values.length === 0) return empty;
  return (
    <span className="chips">
      {values.map((value, i) => (
        <code key={i} className="chip">
          {value}
        </code>
      ))}
    </span>
  );
}
