import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/StoresContext';

/** The sections of Settings in order: the id of each one's heading, and its short name. */
export const SETTINGS_SECTIONS = [
  { id: 'providers', heading: 'settings-providers' },
  { id: 'models', heading: 'settings-models' },
  { id: 'toolSearch', heading: 'settings-tool-search' },
  { id: 'approvals', heading: 'settings-grants' },
  { id: 'sandbox', heading: 'settings-sandbox' },
  { id: 'folders', heading: 'settings-roots' },
  { id: 'tasks', heading: 'settings-tasks' },
  { id: 'secrets', heading: 'settings-secrets' },
  { id: 'registry', heading: 'settings-registry' },
  { id: 'appearance', heading: 'settings-appearance' },
  { id: 'about', heading: 'settings-about' },
] as const;

type SectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

function sectionOf(heading: string): HTMLElement | null {
  return document.getElementById(heading)?.closest('section') ?? null;
}

/**
 * Settings' table of contents: a click brings that section to the top; the one in view is
 * marked. An address such as `#/settings/registry` opens Settings at that section.
 */
export function SettingsNav() {
  const { t } = useTranslation();
  const asked = useAppStore((s) => (s.view.kind === 'settings' ? s.view.section : undefined));
  const [current, setCurrent] = useState<SectionId>('providers');
  // The section chosen in the list stays marked while it is in view: the last ones cannot
  // reach the top of the pane, so "the first one in view" would name another.
  const chosen = useRef<SectionId | null>(null);
  const go = (section: (typeof SETTINGS_SECTIONS)[number]): void => {
    sectionOf(section.heading)?.scrollIntoView({ block: 'start' });
    // From the keyboard, the next Tab continues inside the section just chosen.
    const heading = document.getElementById(section.heading);
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    chosen.current = section.id;
    setCurrent(section.id);
  };

  useEffect(() => {
    const section = SETTINGS_SECTIONS.find((s) => s.id === asked);
    if (section) sectionOf(section.heading)?.scrollIntoView({ block: 'start' });
  }, [asked]);

  useEffect(() => {
    // jsdom has no IntersectionObserver: the mark then stays where the clicks put it.
    if (typeof IntersectionObserver !== 'function') return;
    const visible = new Set<string>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const id = entry.target.getAttribute('data-settings-section') ?? '';
        if (entry.isIntersecting) visible.add(id);
        else visible.delete(id);
      }
      if (chosen.current && visible.has(chosen.current)) return;
      chosen.current = null;
      const first = SETTINGS_SECTIONS.find((s) => visible.has(s.id));
      if (first) setCurrent(first.id);
    });
    for (const section of SETTINGS_SECTIONS) {
      const element = sectionOf(section.heading);
      if (!element) continue;
      element.setAttribute('data-settings-section', section.id);
      observer.observe(element);
    }
    return () => observer.disconnect();
  }, []);

  return (
    <nav className="settings__nav" aria-label={t('settingsNav.label')} data-testid="settings-nav">
      <ul className="settings__nav-list">
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section.id}>
            <a
              className={`settings__nav-link${current === section.id ? ' settings__nav-link--current' : ''}`}
              href={`#${section.heading}`}
              aria-current={current === section.id ? 'location' : undefined}
              onClick={(event) => {
                // The address stays the screen's: the hash is the app's route.
                event.preventDefault();
                go(section);
              }}
              data-testid={`settings-nav-${section.id}`}
            >
              {t(`settingsNav.${section.id}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
