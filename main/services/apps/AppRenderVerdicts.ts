import type { AppFailure } from '../../../shared/domain/apps';

/** The tool call whose App's fate the model still has to hear. */
export interface OwedVerdict {
  conversationId: string;
  server: string;
  tool: string;
  resourceUri: string;
}

type Verdict = { rendered: true } | { rendered: false; failure: AppFailure };

/** How long verdicts are kept (tool calls of long sessions add up). */
const MAX_VERDICTS = 2000;

/**
 * What windows reported about the App of each chat tool call: it rendered, or it failed. The
 * tool result note uses the verdict known when the result goes to the model; when none was
 * known yet, a failure reported later is owed to the model as context for the next turn. One
 * window rendering the App is enough: a failure in another window does not undo that.
 */
export class AppRenderVerdicts {
  private readonly verdicts = new Map<string, Verdict>();
  private readonly owed = new Map<string, OwedVerdict>();

  verdict(toolUseId: string): Verdict | undefined {
    return this.verdicts.get(toolUseId);
  }

  /** The result went to the model before any verdict: a failure must still be told. */
  owe(toolUseId: string, call: OwedVerdict): void {
    if (!this.verdicts.has(toolUseId)) this.owed.set(toolUseId, call);
  }

  rendered(toolUseId: string): void {
    this.set(toolUseId, { rendered: true });
    this.owed.delete(toolUseId);
  }

  /** Returns the call the model must now be told about, if it is owed a verdict. */
  failed(toolUseId: string, failure: AppFailure): OwedVerdict | undefined {
    if (this.verdicts.get(toolUseId)?.rendered) return undefined;
    this.set(toolUseId, { rendered: false, failure });
    const owed = this.owed.get(toolUseId);
    this.owed.delete(toolUseId);
    return owed;
  }

  private set(toolUseId: string, verdict: Verdict): void {
    this.verdicts.delete(toolUseId);
    this.verdicts.set(toolUseId, verdict);
    if (this.verdicts.size > MAX_VERDICTS) {
      const oldest = this.verdicts.keys().next().value;
      if (oldest !== undefined) this.verdicts.delete(oldest);
    }
  }
}
