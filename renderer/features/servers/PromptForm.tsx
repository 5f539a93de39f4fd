import { useMemo, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromptView } from '../../../shared/domain/mcpViews';
import { itemKey } from '../../stores/serversReducers';
import { useServersStore } from '../../stores/StoresContext';
import { ContentBlocksView } from './ContentBlocksView';
import { contentBlock } from './contentBlocks';
import { buildArguments } from './buildArguments';
import { SchemaFields } from './SchemaFields';
import { initialValues, type FieldError, type FormField, type FormValues } from './schemaForm';
import { useErrorText } from '../../i18n/hostText';

/** Arguments of one prompt, and the messages main got back for them. */
export function PromptForm({ server, prompt }: { server: string; prompt: PromptView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const getPrompt = useServersStore((s) => s.getPrompt);
  const result = useServersStore((s) => s.promptResults[itemKey(server, prompt.name)]);
  const fields = useMemo<FormField[]>(
    () =>
      prompt.arguments.map((a) => {
        const field: FormField = { name: a.name, kind: 'string', required: a.required === true };
        if (a.description !== undefined) field.description = a.description;
        return field;
      }),
    [prompt],
  );
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, FieldError>>({});

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const built = buildArguments(fields, values);
    setErrors(built.ok ? {} : built.errors);
    if (!built.ok) return;
    const args = Object.fromEntries(Object.entries(built.args).map(([k, v]) => [k, String(v)]));
    void getPrompt(server, prompt.name, args);
  };

  return (
    <div className="prompt">
      <h3 className="explorer__heading">{prompt.title ?? prompt.name}</h3>
      {prompt.description && <p className="muted">{prompt.description}</p>}
      <form className="try-form" onSubmit={submit} data-testid="prompt-form">
        {fields.length === 0 ? (
          <p className="muted">{t('prompts.noArguments')}</p>
        ) : (
          <SchemaFields
            idPrefix={`prompt-${prompt.name}`}
            fields={fields}
            values={values}
            errors={errors}
            onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
          />
        )}
        <div className="field__row">
          <button
            type="submit"
            className="button button--primary"
            disabled={result?.state === 'loading'}
          >
            {t('prompts.get')}
          </button>
        </div>
      </form>
      {result?.state === 'loading' && <p className="muted">{t('common.loading')}</p>}
      {result?.state === 'failed' && (
        <p className="field__error" role="alert">
          {t('prompts.failed', { message: errorText(result.error) })}
        </p>
      )}
      {result?.state === 'ready' && (
        <div className="prompt__messages" data-testid="prompt-messages">
          {result.value.description && <p className="muted">{result.value.description}</p>}
          {result.value.messages.map((message, index) => {
            const content: unknown[] = Array.isArray(message.content)
              ? message.content
              : [message.content];
            return (
              <div key={index} className="message">
                <span className={`chip chip--role-${String(message.role)}`}>
                  {message.role === 'assistant'
                    ? t('prompts.roleAssistant')
                    : t('prompts.roleUser')}
                </span>
                <ContentBlocksView blocks={content.map(contentBlock)} />
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
