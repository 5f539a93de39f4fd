import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromptView } from '../../../shared/domain/mcpViews';
import { promptToDraft, type PromptDraft } from '../../../shared/domain/promptToDraft';
import { useContextStore } from '../../stores/StoresContext';
import { completionContext, filledArguments, promptFields } from './argumentForm';
import { ArgumentFormPanel } from './ArgumentFormPanel';
import { useErrorText } from '../../i18n/hostText';

interface PromptFormPanelProps {
  server: string;
  prompt: PromptView;
  onInsert: (insertion: PromptDraft) => void;
  onCancel: () => void;
}

/** A prompt's arguments (required ones marked) with completions; its messages go to the composer. */
export function PromptFormPanel({ server, prompt, onInsert, onCancel }: PromptFormPanelProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const complete = useContextStore((s) => s.complete);
  const getPrompt = useContextStore((s) => s.getPrompt);
  const fields = useMemo(() => promptFields(prompt), [prompt]);

  return (
    <ArgumentFormPanel
      kind="prompt"
      title={prompt.title ?? prompt.name}
      server={server}
      detail={`/${prompt.name}`}
      {...(prompt.description !== undefined ? { description: prompt.description } : {})}
      fields={fields}
      suggest={(name, value, values) =>
        complete(
          server,
          { type: 'ref/prompt', name: prompt.name },
          { name, value },
          completionContext(fields, values, name),
        )
      }
      submitLabel={t('context.form.insert')}
      onSubmit={async (values) => {
        const result = await getPrompt(server, prompt.name, filledArguments(fields, values));
        if (!result.ok) return t('context.form.promptFailed', { message: errorText(result.error) });
        const insertion = promptToDraft(server, result.value.messages);
        if (!insertion.text && insertion.attachments.length === 0)
          return t('context.form.emptyPrompt');
        onInsert(insertion);
        return null;
      }}
      onCancel={onCancel}
    />
  );
}
