import { useMemo, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolView } from '../../../shared/domain/mcpViews';
import { itemKey } from '../../stores/serversReducers';
import { useServersStore } from '../../stores/StoresContext';
import { buildArguments } from './buildArguments';
import { SchemaFields } from './SchemaFields';
import {
  formFields,
  initialValues,
  jsonSkeleton,
  parseJsonArguments,
  type FieldError,
  type FormValues,
} from './schemaForm';
import { ToolRunView } from './ToolRunView';

/**
 * Calls a tool by hand: a form generated from its input schema (groups, lists, a JSON box for
 * what a form cannot say), or the arguments as raw JSON; what was typed carries across.
 */
export function ToolTryForm({ tool }: { tool: ToolView }) {
  const { t } = useTranslation();
  const callTool = useServersStore((s) => s.callTool);
  const cancelToolRun = useServersStore((s) => s.cancelToolRun);
  const run = useServersStore((s) => s.toolRuns[itemKey(tool.server, tool.name)]);
  const fields = useMemo(() => formFields(tool.inputSchema), [tool.inputSchema]);
  const [mode, setMode] = useState<'form' | 'json'>(fields ? 'form' : 'json');
  const [values, setValues] = useState<FormValues>(() => initialValues(fields ?? []));
  const [json, setJson] = useState(() => jsonSkeleton(tool.inputSchema));
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [jsonError, setJsonError] = useState<string | null>(null);
  const idPrefix = `try-${tool.modelName}`;

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    if (mode === 'form' && fields) {
      const built = buildArguments(fields, values);
      setErrors(built.ok ? {} : built.errors);
      if (built.ok) void callTool(tool.server, tool.name, built.args);
      return;
    }
    const parsed = parseJsonArguments(json);
    if (!parsed.ok) {
      setJsonError(
        parsed.error === 'notObject'
          ? t('tools.jsonNotObject')
          : t('tools.jsonInvalid', { detail: parsed.detail ?? '' }),
      );
      return;
    }
    setJsonError(null);
    void callTool(tool.server, tool.name, parsed.args);
  };

  const cancel = (): void => void cancelToolRun(tool.server, tool.name);
  const onKeyDown = (event: KeyboardEvent): void => {
    // Esc anywhere in the form stops the running call (and nothing else while one runs).
    if (event.key !== 'Escape' || run?.state !== 'loading') return;
    event.preventDefault();
    event.stopPropagation();
    cancel();
  };

  const switchMode = (next: 'form' | 'json'): void => {
    // Carry what was typed across, so switching never loses work.
    if (next === 'json' && fields) {
      const built = buildArguments(fields, values);
      if (built.ok) setJson(JSON.stringify(built.args, null, 2));
    }
    if (next === 'form' && fields) {
      const parsed = parseJsonArguments(json);
      if (parsed.ok) setValues(initialValues(fields, parsed.args));
    }
    setMode(next);
  };

  return (
    <form
      className="try-form"
      onSubmit={submit}
      onKeyDown={onKeyDown}
      data-testid={`try-form-${tool.name}`}
    >
      {fields && (
        <div className="segmented segmented--small" role="group" aria-label={t('tools.inputMode')}>
          {(['form', 'json'] as const).map((m) => (
            <button
              key={m}
              type="button"
              className={`segmented__button${mode === m ? ' segmented__button--active' : ''}`}
              aria-pressed={mode === m}
              onClick={() => switchMode(m)}
            >
              {m === 'form' ? t('tools.modeForm') : t('tools.modeJson')}
            </button>
          ))}
        </div>
      )}
      {mode === 'form' && fields ? (
        fields.length === 0 ? (
          <p className="muted">{t('tools.noArguments')}</p>
        ) : (
          <SchemaFields
            idPrefix={idPrefix}
            fields={fields}
            values={values}
            errors={errors}
            onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
          />
        )
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={`${idPrefix}-json`}>
            {t('tools.argumentsJson')}
          </label>
          <textarea
            id={`${idPrefix}-json`}
            className="input textarea code-input"
            rows={Math.min(16, Math.max(4, json.split('\n').length + 1))}
            spellCheck={false}
            value={json}
            aria-invalid={jsonError ? true : undefined}
            onChange={(e) => setJson(e.target.value)}
          />
          {jsonError && <p className="field__error">{jsonError}</p>}
        </div>
      )}
      <div className="field__row">
        <button
          type="submit"
          className="button button--primary"
          disabled={run?.state === 'loading'}
          data-testid="tool-run"
        >
          {t('tools.run')}
        </button>
      </div>
      {run && <ToolRunView run={run} onCancel={cancel} />}
    </form>
  );
}
