import { useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadStatus } from '../../components/LoadStatus';
import { useInteractionsStore } from '../../stores/StoresContext';
import { useErrorText } from '../../i18n/hostText';

/** Settings: the folders servers may use (MCP roots), added by path or with a folder picker. */
export function RootsSection() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const roots = useInteractionsStore((s) => s.roots);
  const loadRoots = useInteractionsStore((s) => s.loadRoots);
  const addRoot = useInteractionsStore((s) => s.addRoot);
  const pickRoot = useInteractionsStore((s) => s.pickRoot);
  const [path, setPath] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void loadRoots();
  }, [loadRoots]);

  const run = async (action: () => Promise<{ ok: boolean; error?: { message: string } }>) => {
    setBusy(true);
    const result = await action();
    setBusy(false);
    setError(result.ok ? null : result.error ? errorText(result.error) : '');
    return result.ok;
  };
  const add = (event: SyntheticEvent): void => {
    event.preventDefault();
    const trimmed = path.trim();
    if (!trimmed) {
      setError(t('interactions.roots.pathRequired'));
      return;
    }
    void run(() => addRoot(trimmed)).then((ok) => ok && setPath(''));
  };
  const value = roots?.state === 'ready' ? roots.value : undefined;

  return (
    <section className="card" aria-labelledby="settings-roots" data-testid="roots">
      <div>
        <h2 id="settings-roots" className="card__title">
          {t('interactions.roots.title')}
        </h2>
        <p className="field__help">{t('interactions.roots.help')}</p>
      </div>
      <LoadStatus
        loadable={roots}
        failed={(message) => t('interactions.roots.loadFailed', { message })}
      />
      {value &&
        (value.roots.length === 0 ? (
          <p className="muted">{t('interactions.roots.none')}</p>
        ) : (
          <ul className="roots">
            {value.roots.map((root) => (
              <RootRow key={root.path} path={root.path} name={root.name} exists={root.exists} />
            ))}
          </ul>
        ))}
      <form className="roots__add" onSubmit={add} noValidate>
        <div className="field roots__field">
          <label className="field__label" htmlFor="root-path">
            {t('interactions.roots.path')}
          </label>
          <input
            id="root-path"
            className="input"
            value={path}
            placeholder={t('interactions.roots.pathPlaceholder')}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'root-path-error' : undefined}
            onChange={(e) => setPath(e.target.value)}
            data-testid="root-path"
          />
        </div>
        <button type="submit" className="button" disabled={busy} data-testid="root-add">
          {t('interactions.roots.add')}
        </button>
        {value?.canPick && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void run(pickRoot)}
            data-testid="root-pick"
          >
            {t('interactions.roots.pick')}
          </button>
        )}
      </form>
      {error && (
        <p id="root-path-error" className="field__error" role="alert" data-testid="root-error">
          {error}
        </p>
      )}
    </section>
  );
}

function RootRow({ path, name, exists }: { path: string; name: string; exists: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const removeRoot = useInteractionsStore((s) => s.removeRoot);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <li className="root" data-testid="root-item">
      <div className="root__main">
        <strong className="root__name">{name}</strong>
        <code className="root__path">{path}</code>
        {!exists && <span className="chip chip--warn">{t('interactions.roots.missing')}</span>}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button
        type="button"
        className="button button--small button--danger"
        disabled={busy}
        aria-label={t('interactions.roots.removeNamed', { name })}
        onClick={() => {
          setBusy(true);
          void removeRoot(path).then((result) => {
            setBusy(false);
            setError(
              result.ok
                ? null
                : t('interactions.roots.removeFailed', { message: errorText(result.error) }),
            );
          });
        }}
      >
        {t('interactions.roots.remove')}
      </button>
    </li>
  );
}
