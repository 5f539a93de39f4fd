import type {
  ElicitationUrlInteraction,
  InteractionOrigin,
  InteractionOutcome,
  UrlAction,
  UrlStage,
} from '../../../shared/domain/interactions';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { isOpenableUrl } from '../../platform/isOpenableUrl';
import { hostText } from '../../../shared/text/hostText';

/** What becomes of a URL elicitation: the page was opened (accept), refused, or retried. */
export type UrlAnswer = 'accept' | 'decline' | 'cancel' | 'retry';

export interface UrlElicitationOptions {
  id: string;
  server: string;
  origin: InteractionOrigin;
  createdAt: number;
  message: string;
  url: string;
  elicitationId?: string;
  /** From a -32042 error: after opening, the person (or the completion notice) retries. */
  retryToolCall: boolean;
  /** An App asks (`ui/open-link`), not the server. */
  app?: { tool: string; appId: string };
  /** Opens the page; the person's consent here is the confirmation (no second question). */
  open: (url: string) => Promise<boolean>;
  changed: () => void;
  finished: (outcome: InteractionOutcome) => void;
}

/**
 * A server asks the person to open a page. Nothing is opened without consent, and only https
 * (or http on this computer) can be opened at all.
 */
export class UrlElicitation {
  readonly answer: Promise<UrlAnswer>;
  /** The chat tool call it is shown with (the broker may move it to another). */
  origin: InteractionOrigin;
  private stage: UrlStage = 'consent';
  private resolveAnswer!: (answer: UrlAnswer) => void;
  private done = false;
  private allowOrigin = false;

  constructor(private readonly options: UrlElicitationOptions) {
    this.answer = new Promise((resolve) => {
      this.resolveAnswer = resolve;
    });
    this.origin = options.origin;
  }

  get elicitationId(): string | undefined {
    return this.options.elicitationId;
  }

  /** An App asked, not the server: it does not end with a tool call. */
  get fromApp(): boolean {
    return this.options.app !== undefined;
  }

  /** The person opened it and allowed the App pages of its origin from now on. */
  get allowsOrigin(): boolean {
    return this.allowOrigin;
  }

  get server(): string {
    return this.options.server;
  }

  view(): ElicitationUrlInteraction {
    const o = this.options;
    let host = '';
    let secure = false;
    try {
      const parsed = new URL(o.url);
      host = parsed.host;
      secure = parsed.protocol === 'https:';
    } catch {
      // Shown as is; opening it is refused.
    }
    return {
      kind: 'elicitation-url',
      id: o.id,
      server: o.server,
      createdAt: o.createdAt,
      origin: this.origin,
      message: o.message,
      url: o.url,
      host,
      secure,
      ...(o.elicitationId !== undefined ? { elicitationId: o.elicitationId } : {}),
      stage: this.stage,
      retryToolCall: o.retryToolCall,
      ...(o.app ? { app: o.app } : {}),
    };
  }

  async respond(action: UrlAction): Promise<void> {
    if (this.done) throw new AppError(AppErrorCode.Validation, hostText('sampling.answered'));
    switch (action) {
      case 'open':
        await this.openPage();
        return;
      case 'open-app':
        if (!this.options.app) {
          throw new AppError(AppErrorCode.Validation, hostText('apps.linkForAppOnly'));
        }
        // Set first: opening settles the answer, which the App's request reads at once.
        this.allowOrigin = true;
        try {
          await this.openPage();
        } catch (error) {
          this.allowOrigin = false;
          throw error;
        }
        return;
      case 'retry':
        if (!this.options.retryToolCall || this.stage === 'consent') {
          throw new AppError(AppErrorCode.Validation, hostText('interaction.openFirst'));
        }
        this.finish('accepted', 'retry');
        return;
      case 'decline':
        this.finish('declined', 'decline');
        return;
      case 'cancel':
        this.finish('cancelled', 'cancel');
        return;
    }
  }

  /** The server said the flow finished (`notifications/elicitation/complete`). */
  complete(): void {
    if (this.done) return;
    this.stage = 'completed';
    this.options.changed();
    this.finish('completed', this.options.retryToolCall ? 'retry' : 'accept');
  }

  withdraw(): void {
    if (!this.done) this.finish('withdrawn', 'cancel');
  }

  /** The chat tool call that asked ended: answered as the person's cancel would be. */
  abandon(): void {
    if (!this.done) this.finish('cancelled', 'cancel');
  }

  private async openPage(): Promise<void> {
    if (this.stage !== 'consent') {
      throw new AppError(AppErrorCode.Validation, hostText('interaction.alreadyOpened'));
    }
    const { url } = this.options;
    if (!isOpenableUrl(url)) {
      throw new AppError(AppErrorCode.Validation, hostText('interaction.notOpenable', { url }));
    }
    const opened = await this.options.open(url);
    if (!opened) throw new AppError(AppErrorCode.Cancelled, hostText('interaction.notOpened'));
    if (this.done) return;
    if (!this.options.retryToolCall) {
      this.finish('accepted', 'accept');
      return;
    }
    this.stage = 'opened';
    this.options.changed();
  }

  private finish(outcome: InteractionOutcome, answer: UrlAnswer): void {
    this.done = true;
    this.options.finished(outcome);
    this.resolveAnswer(answer);
  }
}
