import type { ExternalOpener } from '../platform/PlatformServices';

/** What the pretend browser ended on. */
export interface BrowserVisit {
  url: string;
  status: number;
  body: string;
}

const MAX_HOPS = 5;

/**
 * TEST ONLY (never in the build of the app: tests inject it, the e2e web shell entry composes
 * it, see e2e/fixtures/webShellWithTestOpener.ts): instead of a browser, follows the URL
 * with `fetch`, redirect by redirect, the way an authorization server that approves at once
 * sends a browser back to the sign-in listener. Only loopback http URLs are ever fetched, so
 * it cannot reach anything outside the machine even if switched on by mistake.
 */
export class FetchTestOpener implements ExternalOpener {
  readonly visits: Promise<BrowserVisit>[] = [];

  constructor(private readonly print: (line: string) => void = () => {}) {}

  openExternal(url: string): Promise<boolean> {
    if (!isLoopbackHttp(url)) return Promise.resolve(false);
    this.print(`Test opener follows: ${new URL(url).origin}${new URL(url).pathname}`);
    const visit = follow(url);
    visit.catch(() => {});
    this.visits.push(visit);
    return Promise.resolve(true);
  }
}

async function follow(start: string): Promise<BrowserVisit> {
  let url = start;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const next = new URL(location, url).href;
      if (!isLoopbackHttp(next)) throw new Error(`refusing to follow a redirect to ${next}`);
      url = next;
      continue;
    }
    return { url, status: response.status, body: await response.text() };
  }
  throw new Error(`more than ${MAX_HOPS} redirects from ${start}`);
}

function isLoopbackHttp(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}
