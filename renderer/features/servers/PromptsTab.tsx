import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerDetail, ServerView } from '../../../shared/domain/mcpViews';
import { useServersStore } from '../../stores/StoresContext';
import { PromptForm } from './PromptForm';
import { sessionGate } from './sessionGate';
import { useErrorText } from '../../i18n/hostText';

/** A server's prompts: pick one, fill its arguments, see the messages it produces. */
export function PromptsTab({ server, detail }: { server: ServerView; detail?: ServerDetail }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const name = server.name;
  const list = useServersStore((s) => s.prompts[name]);
  const listPrompts = useServersStore((s) => s.listPrompts);
  const [selected, setSelected] = useState<string | null>(null);
  const gate = sessionGate(server, detail, 'prompts');
  const session = gate.kind === 'ready' ? gate.session : null;

  useEffect(() => {
    if (session !== null) void listPrompts(name);
  }, [session, name, listPrompts]);

  if (gate.kind === 'notReady') return <p className="empty">{t('prompts.notReady')}</p>;
  if (gate.kind === 'unsupported') return <p className="empty">{t('prompts.unsupported')}</p>;
  const prompts = list?.state === 'ready' ? list.value : undefined;
  const prompt = prompts?.find((p) => p.name === selected);

  return (
    <div className="explorer">
      <div className="explorer__list">
        <div className="explorer__toolbar">
          <h3 className="explorer__heading">{t('prompts.title')}</h3>
          <button
            type="button"
            className="button button--small"
            onClick={() => void listPrompts(name)}
          >
            {t('common.refresh')}
          </button>
        </div>
        {list?.state === 'failed' && <p className="field__error">{errorText(list.error)}</p>}
        {!prompts && list?.state !== 'failed' && <p className="muted">{t('common.loading')}</p>}
        {prompts?.length === 0 && <p className="muted">{t('prompts.none')}</p>}
        {prompts && prompts.length > 0 && (
          <ul className="pick-list" data-testid="prompt-list">
            {prompts.map((p) => (
              <li key={p.name}>
                <button
                  type="button"
                  className={`pick-list__item${selected === p.name ? ' pick-list__item--active' : ''}`}
                  aria-current={selected === p.name ? 'true' : undefined}
                  onClick={() => setSelected(p.name)}
                >
                  <span className="pick-list__title">{p.title ?? p.name}</span>
                  {p.title && <code className="pick-list__sub">{p.name}</code>}
                  {p.description && <span className="pick-list__meta">{p.description}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="explorer__view">
        {prompt ? (
          <PromptForm key={prompt.name} server={name} prompt={prompt} />
        ) : (
          <p className="muted">{t('prompts.pick')}</p>
        )}
      </div>
    </div>
  );
}
