import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeModelRef } from '../../../shared/domain/modelRef';
import type { ModelGroup } from '../../../shared/domain/providers';
import { useModelsStore } from '../../stores/StoresContext';

interface ModelSelectProps {
  id: string;
  /** A model ref (`provider/model`; a bare id is a Claude model). */
  value: string;
  onChange: (ref: string) => void;
  testId: string;
  className?: string;
  title?: string;
}

/**
 * A model from any provider, grouped by provider. The list is fetched on first use and kept
 * (main caches each provider's list too). A value no list has (typed in earlier, a provider
 * that is offline) stays choosable.
 */
export function ModelSelect({ id, value, onChange, testId, className, title }: ModelSelectProps) {
  const { t } = useTranslation();
  const list = useModelsStore((s) => s.list);
  const load = useModelsStore((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);
  const groups = list?.state === 'ready' ? list.value.groups : [];
  const selected = normalizeModelRef(value);
  const listed = groups.some((g) => g.models.some((m) => m.id === selected));
  return (
    <select
      id={id}
      className={`input select${className ? ` ${className}` : ''}`}
      value={selected}
      onChange={(e) => onChange(e.target.value)}
      title={title}
      data-testid={testId}
    >
      {!listed && (
        <option value={selected}>
          {list?.state === 'loading' ? t('chat.modelsLoading') : selected}
        </option>
      )}
      {groups.map((group) => (
        <optgroup
          key={group.provider.id}
          label={
            group.error === undefined
              ? group.provider.name
              : t('providers.groupUnavailable', { provider: group.provider.name })
          }
        >
          {group.models.map((model) => (
            <option key={model.id} value={model.id}>
              {model.displayName}
            </option>
          ))}
          {group.models.length === 0 && (
            <option value="" disabled>
              {t('providers.noModels')}
            </option>
          )}
        </optgroup>
      ))}
    </select>
  );
}

/** The group the model ref belongs to, for its provider's name and list failure. */
export function groupOf(groups: readonly ModelGroup[], ref: string): ModelGroup | undefined {
  const provider = normalizeModelRef(ref).split('/')[0];
  return groups.find((g) => g.provider.id === provider);
}
