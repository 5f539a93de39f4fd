import { openWithSystem } from '../platform/NodeExternalOpener';
import type { ExternalOpener } from '../platform/PlatformServices';
import { isOpenableUrl } from '../platform/isOpenableUrl';

export interface CliSignInOpenerOptions {
  /** Where the address is printed (stderr: stdout stays one JSON document with --json). */
  print: (line: string) => void;
  /** Also ask the OS to open it (`--no-browser` turns this off). */
  launch: boolean;
  /** Follows the address instead of the system's browser (tests inject a pretend one). */
  browser?: ExternalOpener;
}

/**
 * The CLI's browser step of a sign-in: the authorization URL is always printed, so it can be
 * opened by hand (over SSH, without a desktop), then handed to the system's opener when allowed,
 * or, in tests, handed to the pretend browser they inject.
 */
export class CliSignInOpener implements ExternalOpener {
  constructor(private readonly options: CliSignInOpenerOptions) {}

  openExternal(url: string): Promise<boolean> {
    if (!isOpenableUrl(url)) return Promise.resolve(false);
    this.options.print(`Open this address in your browser to sign in:\n  ${url}\n`);
    if (this.options.browser) return this.options.browser.openExternal(url);
    if (this.options.launch) openWithSystem(url);
    return Promise.resolve(true);
  }
}
