import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InteractionView } from '../../../shared/domain/interactions';
import { useInteractionsStore } from '../../stores/StoresContext';
import { DeadlineCountdown } from './DeadlineCountdown';
import { ElicitationFormPanel } from './ElicitationFormPanel';
import { InteractionFailure } from './InteractionFailure';
import { SamplingPanel } from './SamplingPanel';
import { UrlConsentPanel } from './UrlConsentPanel';

/** What each kind asks, for headings and the queue. */
export function interactionTitleKey(interaction: InteractionView) {
  switch (interaction.kind) {
    case 'sampling':
      return 'interactions.titles.sampling' as const;
    case 'elicitation-form':
      return 'interactions.titles.form' as const;
    case 'elicitation-url':
      return 'interactions.titles.url' as const;
  }
}

/** The server's name and what it asks, then the panel for that kind. */
export function InteractionPanel({
  interaction,
  headingLevel = 3,
  focusOnMount = false,
}: {
  interaction: InteractionView;
  headingLevel?: 2 | 3;
  /** Opened on purpose (from the queue): the keyboard starts at its heading. */
  focusOnMount?: boolean;
}) {
  const { t } = useTranslation();
  const respondElicitation = useInteractionsStore((s) => s.respondElicitation);
  const respondUrl = useInteractionsStore((s) => s.respondUrl);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `interaction-${interaction.id}-heading`;
  // Esc dismisses a question (the spec's "cancel"); a sampling request needs an explicit
  // reject, so there Esc is left to the surroundings (a dialog closes, the request waits).
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (interaction.kind === 'elicitation-form')
      void respondElicitation(interaction.id, { action: 'cancel' });
    else if (interaction.kind === 'elicitation-url') void respondUrl(interaction.id, 'cancel');
    else return;
    event.preventDefault();
  };
  return (
    <section
      onKeyDown={onKeyDown}
      className={`interaction interaction--${interaction.kind}`}
      aria-labelledby={headingId}
      data-testid={`interaction-${interaction.kind}`}
      data-interaction-id={interaction.id}
    >
      <header className="interaction__header">
        <Heading id={headingId} ref={heading} className="interaction__title" tabIndex={-1}>
          {t(interactionTitleKey(interaction), { server: interaction.server })}
        </Heading>
        <span className="interaction__chips">
          {interaction.origin.deadlineAt !== undefined && (
            <DeadlineCountdown deadlineAt={interaction.origin.deadlineAt} />
          )}
          <span className="chip interaction__server">{interaction.server}</span>
        </span>
      </header>
      {interaction.kind === 'sampling' ? (
        <>
          <SamplingPanel interaction={interaction} />
          <InteractionFailure id={interaction.id} />
        </>
      ) : interaction.kind === 'elicitation-form' ? (
        <ElicitationFormPanel key={interaction.id} interaction={interaction} />
      ) : (
        <UrlConsentPanel interaction={interaction} />
      )}
    </section>
  );
}
