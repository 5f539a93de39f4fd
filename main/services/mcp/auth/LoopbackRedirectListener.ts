import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { hostText } from '../../../../shared/text/hostText';

/** Default wait for the browser to come back: long enough to type a password and a 2FA code. */
export const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export interface LoopbackRedirectOptions {
  /** A fixed port (`oauth.redirectPort`); otherwise any free one, new per attempt. */
  port?: number;
  timeoutMs?: number;
  /**
   * Completes the sign-in with the redirect's query parameters (exchanges the code). The
   * browser is answered once it settled, so its page says what really happened.
   */
  onCallback: (params: URLSearchParams) => Promise<void>;
}

const HOST = '127.0.0.1';
const PATH = '/callback';

/**
 * The OAuth redirect target of one sign-in attempt: `http://127.0.0.1:<port>/callback` (RFC 8252
 * loopback redirect). It accepts one answer whose `state` is the one sent, hands it to
 * `onCallback`, shows the browser a small page saying how it went, and closes. Requests with
 * another Host header (DNS rebinding) or path are refused without ending the attempt.
 */
export class LoopbackRedirectListener {
  /** Settles once: after the callback was handled, or with the reason the attempt ended. */
  readonly done: Promise<void>;
  private settle!: { resolve: () => void; reject: (error: AppError) => void };
  private expectedState: string | undefined;
  private handling = false;
  private finished = false;
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly server: Server,
    private readonly options: LoopbackRedirectOptions,
  ) {
    this.port = (server.address() as AddressInfo).port;
    this.done = new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // Nobody may be awaiting yet; the rejection is still delivered to later awaiters.
    this.done.catch(() => {});
    const timeoutMs = options.timeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS;
    this.timer = setTimeout(() => {
      const minutes = Math.round(timeoutMs / 6_000) / 10;
      this.end(new AppError(AppErrorCode.McpAuthRequired, hostText('auth.timedOut', { minutes })));
    }, timeoutMs);
    this.timer.unref();
    server.on('request', (req: IncomingMessage, res: ServerResponse) => this.handle(req, res));
  }

  /** Listens on 127.0.0.1 (never another interface). */
  static async start(options: LoopbackRedirectOptions): Promise<LoopbackRedirectListener> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        reject(
          new AppError(
            AppErrorCode.McpAuthRequired,
            error.code === 'EADDRINUSE'
              ? hostText('auth.portInUse', { port: options.port ?? 0 })
              : hostText('auth.cannotListen', { detail: error.message }),
          ),
        );
      });
      server.listen(options.port ?? 0, HOST, () => resolve());
    });
    return new LoopbackRedirectListener(server, options);
  }

  /** Kept from the start: the URL stays known after the listener closed. */
  readonly port: number;

  get redirectUrl(): string {
    return `http://${HOST}:${this.port}${PATH}`;
  }

  /** The `state` of the authorization request just sent; an answer with another is refused. */
  expectState(state: string | undefined): void {
    this.expectedState = state;
  }

  /** Ends the attempt (Cancel, sign-out, a failure elsewhere); `done` rejects with the reason. */
  cancel(reason?: AppError): void {
    this.end(reason ?? new AppError(AppErrorCode.Cancelled, hostText('auth.cancelled')));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    if (req.headers.host !== `${HOST}:${this.port}`) {
      return page(res, 421, 'Wrong address', 'This page only answers at 127.0.0.1.');
    }
    if (url.pathname !== PATH) return page(res, 404, 'Not found', 'Nothing here.');
    if (req.method !== 'GET') return page(res, 405, 'Not allowed', 'Only GET is answered here.');
    if (this.finished || this.handling) {
      return page(
        res,
        409,
        'Already handled',
        'This sign-in was already handled. You can close this tab.',
      );
    }
    const params = url.searchParams;
    const state = params.get('state');
    if (this.expectedState !== undefined && state !== this.expectedState) {
      const error = new AppError(AppErrorCode.Validation, hostText('auth.stateMismatch'));
      page(res, 400, 'Sign-in refused', error.message);
      return this.end(error);
    }
    this.handling = true;
    this.options.onCallback(params).then(
      () => {
        page(res, 200, 'Signed in', 'Signed in — you can return to Switchboard.');
        this.end();
      },
      (error: unknown) => {
        const appError = AppError.from(error);
        page(res, 400, 'Sign-in failed', `${appError.message} You can return to Switchboard.`);
        this.end(appError);
      },
    );
  }

  private end(error?: AppError): void {
    if (this.finished) return;
    this.finished = true;
    clearTimeout(this.timer);
    if (error) this.settle.reject(error);
    else this.settle.resolve();
    // Let the page just written reach the browser, then drop every connection.
    this.server.close();
    setTimeout(() => this.server.closeAllConnections(), 200).unref();
  }
}

/** A small self-contained page (no scripts, no outside resources). */
function page(res: ServerResponse, status: number, title: string, message: string): void {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} · Switchboard</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f5f2;color:#1b1c1f}
main{max-width:32rem;padding:2rem;border-radius:12px;background:#fff;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem;margin:0 0 .5rem}
@media (prefers-color-scheme:dark){body{background:#1b1c1f;color:#ecebe8}main{background:#26272b}}
</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    connection: 'close',
  });
  res.end(body);
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
