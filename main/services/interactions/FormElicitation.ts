import type {
  ElicitationFormInteraction,
  ElicitationResponse,
  InteractionOrigin,
  InteractionOutcome,
} from '../../../shared/domain/interactions';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { ElicitResult } from '../mcp/session/mcpTypes';
import { elicitationProblems } from './validateElicitation';
import { formatHostText, hostText, type HostText } from '../../../shared/text/hostText';

export interface FormElicitationOptions {
  id: string;
  server: string;
  origin: InteractionOrigin;
  createdAt: number;
  message: string;
  requestedSchema: Record<string, unknown>;
  finished: (outcome: InteractionOutcome) => void;
}

/** A form a server asks the person to fill in. Nothing is sent without the person. */
export class FormElicitation {
  readonly answer: Promise<ElicitResult>;
  /** The chat tool call it is shown with (the broker may move it to another). */
  origin: InteractionOrigin;
  private resolveAnswer!: (result: ElicitResult) => void;
  private done = false;

  constructor(private readonly options: FormElicitationOptions) {
    this.answer = new Promise((resolve) => {
      this.resolveAnswer = resolve;
    });
    this.origin = options.origin;
  }

  get server(): string {
    return this.options.server;
  }

  view(): ElicitationFormInteraction {
    const o = this.options;
    return {
      kind: 'elicitation-form',
      id: o.id,
      server: o.server,
      createdAt: o.createdAt,
      origin: this.origin,
      message: o.message,
      requestedSchema: o.requestedSchema,
    };
  }

  /** Accepted content is checked against the schema: VALIDATION with per-field messages. */
  respond(response: ElicitationResponse): void {
    if (this.done) throw new AppError(AppErrorCode.Validation, hostText('elicit.answered'));
    if (response.action === 'accept') {
      assertValidAnswer(this.options.requestedSchema, response.content);
      this.finish('accepted', { action: 'accept', content: response.content });
    } else {
      this.finish(response.action === 'decline' ? 'declined' : 'cancelled', {
        action: response.action,
      });
    }
  }

  withdraw(): void {
    if (!this.done) this.finish('withdrawn', { action: 'cancel' });
  }

  /** The chat tool call that asked ended: answered as the person's cancel would be. */
  abandon(): void {
    if (!this.done) this.finish('cancelled', { action: 'cancel' });
  }

  private finish(outcome: InteractionOutcome, result: ElicitResult): void {
    this.done = true;
    this.options.finished(outcome);
    this.resolveAnswer(result);
  }
}

/** Throws VALIDATION with `data.fields` (field → message) when the answer does not fit. */
export function assertValidAnswer(
  schema: Record<string, unknown>,
  content: Extract<ElicitationResponse, { action: 'accept' }>['content'],
): void {
  const fieldTexts = elicitationProblems(schema, content);
  const names = Object.keys(fieldTexts);
  if (names.length === 0) return;
  const fields = Object.fromEntries(
    names.map((name) => [name, formatHostText(fieldTexts[name] ?? hostText('validation.invalid'))]),
  );
  // "name: problem age: problem", nested so each problem stays translatable.
  const list = names.reduceRight<HostText | undefined>((rest, name) => {
    const problem = fieldTexts[name] ?? hostText('validation.invalid');
    return rest
      ? hostText('elicit.fieldThen', { name, problem, rest })
      : hostText('elicit.field', { name, problem });
  }, undefined);
  throw new AppError(AppErrorCode.Validation, hostText('elicit.fix', { fields: list ?? '' }), {
    fields,
    fieldTexts,
  });
}
