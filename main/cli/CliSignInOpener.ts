import { FetchTestOpener, TEST_OPENER_ENV } from '../platform/FetchTestOpener';
import { openWithSystem } from '../platform/NodeExternalOpener';
import type { ExternalOpener } from '../platform/PlatformServices';
import { isOpenableUrl } from '../platform/isOpenableUrl';

export interface CliSignInOpenerOptions {
  /** Where the address is printed (stderr: stdout stays one JSON document with --json). */
  print: (line: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** Also ask the OS to open it (`--no-browser` turns this off). */
  launch: boolean;
}

/**
 * The CLI's browser step of a sign-in: the authorization URL is always printed, so it can be
 * opened by hand (over SSH, without a desktop), then handed to the system's opener when allowed,
 * or, in tests (`SWITCHBOARD_TEST_OPENER=fetch`), followed with fetch on loopback only.
 */
export class CliSignInOpener implements ExternalOpener {
  private readonly test: FetchTestOpener | undefined;

  constructor(private readonly options: CliSignInOpenerOptions) {
    this.test = options.env[TEST_OPENER_ENV] === 'fetch' ? new FetchTestOpener() : undefined;
  }

  openExternal(url: string): Promise<boolean> {
    if (!isOpenableUrl(url)) return Promise.resolve(false);
    this.options.print(`Open this address in your browser to sign in:\n  ${url}\n`);
    if (this.test) return this.test.openExternal(url);
    if (this.options.launch) openWithSystem(url);
    return Promise.resolve(true);
  }
}
