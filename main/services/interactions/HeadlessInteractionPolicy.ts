import type { ElicitationValue } from '../../../shared/domain/interactions';

/** How an unattended run answers form elicitations. */
export type HeadlessElicitation =
  | { kind: 'answers'; answers: Record<string, ElicitationValue> }
  | { kind: 'accept-defaults' }
  | { kind: 'decline' }
  | { kind: 'cancel' };

/**
 * What decides instead of a person in a headless run (CLI `--sampling`, `--elicit`). Anything
 * not covered is refused: sampling rejected, forms and URLs declined.
 */
export interface HeadlessInteractionPolicy {
  /** approve = the request as sent, the result as generated. */
  sampling?: 'approve' | 'deny';
  elicit?: HeadlessElicitation;
  /** Tells whoever runs the command why something was refused (stderr in the CLI). */
  report?: (message: string) => void;
}
