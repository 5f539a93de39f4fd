import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/hostText';
import type { ServerView } from '../../../shared/domain/mcpViews';
import { useSkillsStore } from '../../stores/StoresContext';
import { SkillCard } from './SkillCard';

/** A server's skills: what each is, its files and sizes, and whether the model is offered it. */
export function SkillsTab({ server }: { server: ServerView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const name = server.name;
  const listing = useSkillsStore((s) => s.byServer[name]);
  const load = useSkillsStore((s) => s.load);
  const ready = server.status.kind === 'ready';

  useEffect(() => {
    void load(name);
  }, [name, ready, load]);

  const view = listing?.state === 'ready' ? listing.value : undefined;
  return (
    <section className="skills" aria-labelledby="skills-title" data-testid="skills-tab">
      <h3 id="skills-title" className="skills__title">
        {t('skills.title')}
      </h3>
      <p className="skills__intro muted">{t('skills.intro')}</p>
      {listing?.state === 'failed' && (
        <p className="field__error" role="alert">
          {t('skills.listFailed', { message: errorText(listing.error) })}
        </p>
      )}
      {(!listing || listing.state === 'loading' || view?.state === 'loading') &&
        !view?.skills.length && (
          <p className="muted" role="status">
            {t('skills.loading')}
          </p>
        )}
      {view?.state === 'offline' && <p className="empty">{t('skills.offline')}</p>}
      {view?.state === 'unsupported' && <p className="empty">{t('skills.unsupported')}</p>}
      {view?.state === 'error' && (
        <p className="field__error" role="alert">
          {t('skills.listFailed', { message: view.error ?? '' })}
        </p>
      )}
      {view?.state === 'ready' && view.skills.length === 0 && (
        <p className="empty">{t('skills.none')}</p>
      )}
      {view && view.skills.length > 0 && (
        <ul className="skills__list" data-testid="skill-list">
          {view.skills.map((skill) => (
            <li key={skill.uri}>
              <SkillCard server={name} skill={skill} />
            </li>
          ))}
        </ul>
      )}
      {view && view.invalid.length > 0 && (
        <div className="skills__invalid" role="note">
          <h4 className="skills__invalid-title">{t('skills.invalidTitle')}</h4>
          <ul>
            {view.invalid.map((entry, index) => (
              <li key={`${entry.uri ?? ''}-${String(index)}`}>
                {entry.uri && <code>{entry.uri}</code>} {entry.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
