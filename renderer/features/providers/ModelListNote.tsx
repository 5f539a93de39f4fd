import { useTranslation } from 'react-i18next';
import { normalizeModelRef, parseModelRef } from '../../../shared/domain/modelRef';
import type { ModelGroup } from '../../../shared/domain/providers';
import { useHostText } from '../../i18n/hostText';
import { useModelsStore } from '../../stores/StoresContext';
import { groupOf } from './ModelSelect';

/** What the model list says about `ref`: its provider's list failed, or it is not in it. */
export function modelListIssue(
  groups: readonly ModelGroup[],
  ref: string,
): { kind: 'list-failed'; group: ModelGroup } | { kind: 'not-listed'; group: ModelGroup } | null {
  const group = groupOf(groups, ref);
  if (!group) return null;
  if (group.error !== undefined) return { kind: 'list-failed', group };
  const selected = normalizeModelRef(ref);
  return group.models.some((m) => m.id === selected) ? null : { kind: 'not-listed', group };
}

/**
 * A warning next to a model choice: the provider's list could not be had (with the reason;
 * the choice is kept, never swapped for the default), or the model is not in a list that was
 * had (a default that the provider does not offer, say) — it may fail when used.
 */
export function ModelListNote({
  model,
  className,
  short = false,
}: {
  model: string;
  className?: string;
  /** Where room is short (next to the picker): fewer words, all of them in the tooltip. */
  short?: boolean;
}) {
  const { t } = useTranslation();
  const translate = useHostText();
  const list = useModelsStore((s) => s.list);
  if (list?.state !== 'ready') return null;
  const issue = modelListIssue(list.value.groups, model);
  if (!issue) return null;
  const { group } = issue;
  const reason = group.errorText ? translate(group.errorText) : (group.error ?? '');
  const text =
    issue.kind === 'list-failed'
      ? t('chat.modelsFallback', { provider: group.provider.name, message: reason })
      : t('providers.notListed', {
          model: parseModelRef(normalizeModelRef(model)).model,
          provider: group.provider.name,
        });
  const shown =
    short && issue.kind === 'not-listed'
      ? t('providers.notListedShort', { provider: group.provider.name })
      : text;
  return (
    <span
      className={className ?? 'field__warning'}
      role="note"
      title={text}
      data-testid={`model-note-${issue.kind}`}
    >
      {shown}
    </span>
  );
}
