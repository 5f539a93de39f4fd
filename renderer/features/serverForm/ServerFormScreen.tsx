import { useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  emptyServerForm,
  type ServerForm,
  type ServerTestResult,
} from '../../../shared/domain/serverForm';
import type { ErrorInfo } from '../../stores/loadable';
import { useAppStore, useGettingServersStore } from '../../stores/StoresContext';
import { AddServerLayout } from '../addServer/AddServerLayout';
import { ServerFormFields } from './ServerFormFields';
import { TestResultView } from './TestResultView';
import { useErrorText } from '../../i18n/hostText';

/** Add a server (`name` absent) or edit one, with "Test" before saving. */
export function ServerFormScreen({ name }: { name?: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const setView = useAppStore((s) => s.setView);
  const { loadForm, testForm, saveForm, removeServer } = useGettingServersStore((s) => s);
  const [form, setForm] = useState<ServerForm | null>(name ? null : emptyServerForm);
  const [loadError, setLoadError] = useState<ErrorInfo | null>(null);
  const [busy, setBusy] = useState<'test' | 'save' | 'remove' | null>(null);
  const [tested, setTested] = useState<ServerTestResult | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);

  useEffect(() => {
    if (!name) return;
    let live = true;
    void loadForm(name).then((result) => {
      if (!live) return;
      if (result.ok) setForm(result.value);
      else setLoadError(result.error);
    });
    return () => {
      live = false;
    };
  }, [name, loadForm]);

  const change = (next: ServerForm) => {
    setForm(next);
    setTested(null);
  };

  const test = async () => {
    if (!form) return;
    setBusy('test');
    setError(null);
    const result = await testForm(form, name);
    setBusy(null);
    if (result.ok) setTested(result.value);
    else setError(result.error);
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!form) return;
    setBusy('save');
    setError(null);
    const result = await saveForm(form, name);
    setBusy(null);
    if (result.ok) setView({ kind: 'server', name: form.name.trim() });
    else setError(result.error);
  };

  const remove = async () => {
    if (!name) return;
    setBusy('remove');
    const result = await removeServer(name);
    setBusy(null);
    if (result.ok) setView({ kind: 'home' });
    else setError(result.error);
  };

  const body = loadError ? (
    <p className="field__error" role="alert">
      {t('serverForm.loadFailed', { message: errorText(loadError) })}
    </p>
  ) : !form ? (
    <p className="muted">{t('common.loading')}</p>
  ) : (
    <form className="server-form" onSubmit={(e) => void submit(e)} data-testid="server-form">
      <ServerFormFields form={form} onChange={change} />
      {tested && <TestResultView result={tested} />}
      {error && (
        <p className="field__error" role="alert" data-testid="server-form-error">
          {errorText(error)}
        </p>
      )}
      <div className="server-form__actions">
        {name &&
          (confirmRemove ? (
            <span className="server-form__confirm">
              {t('serverForm.removeConfirm', { name })}
              <button
                type="button"
                className="button button--danger-solid"
                disabled={busy !== null}
                onClick={() => void remove()}
                data-testid="server-form-remove-confirm"
              >
                {t('serverForm.remove')}
              </button>
              <button type="button" className="button" onClick={() => setConfirmRemove(false)}>
                {t('common.cancel')}
              </button>
            </span>
          ) : (
            <button
              type="button"
              className="button button--danger"
              onClick={() => setConfirmRemove(true)}
              data-testid="server-form-remove"
            >
              {t('serverForm.remove')}
            </button>
          ))}
        <span className="server-form__spacer" />
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          onClick={() => void test()}
          data-testid="server-form-test"
        >
          {busy === 'test' ? t('serverForm.testing') : t('serverForm.test')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={busy !== null}
          data-testid="server-form-save"
        >
          {busy === 'save' ? t('serverForm.saving') : t('serverForm.save')}
        </button>
      </div>
    </form>
  );

  if (!name) return <AddServerLayout active="serverForm">{body}</AddServerLayout>;
  return (
    <div className="add-server" data-testid="edit-server">
      <header className="add-server__header">
        <h1>{t('serverForm.editTitle', { name })}</h1>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => setView({ kind: 'config' })}
        >
          {t('addServer.editFile')}
        </button>
      </header>
      {body}
    </div>
  );
}
