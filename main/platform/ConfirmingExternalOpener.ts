import type { ExternalOpener, OpenExternalOptions } from './PlatformServices';
import { isOpenableUrl } from './isOpenableUrl';

/** What the shell provides: a yes/no question, and the system browser. */
export interface ConfirmingOpenerDeps {
  /** Asks "open this link?"; true when the person agreed. */
  confirm: (url: string) => Promise<boolean>;
  launch: (url: string) => Promise<void>;
}

/**
 * Opens https (or loopback http) URLs in the system browser after the person confirms, or at
 * once when they already consented in our own UI. Anything else is never opened.
 */
export class ConfirmingExternalOpener implements ExternalOpener {
  constructor(private readonly deps: ConfirmingOpenerDeps) {}

  async openExternal(url: string, options: OpenExternalOptions = {}): Promise<boolean> {
    if (!isOpenableUrl(url)) return false;
    if (!options.consented && !(await this.deps.confirm(url))) return false;
    await this.deps.launch(url);
    return true;
  }
}
