import type { OpenOutcome } from '../platform/NodeExternalOpener';

/** The line before the address when no browser was opened, or undefined when one was. */
export function browserNote(noOpen: boolean, outcome: OpenOutcome | undefined): string | undefined {
  if (noOpen) return 'No browser opened (--no-open): open the address below.';
  if (!outcome || outcome.opened) return undefined;
  const why = outcome.detail ? ` (${outcome.detail})` : '';
  return `No browser opened${why}: open the address below in yours.`;
}
