import type { ServerStatus } from '../../../shared/domain/serverStatus';
import { join } from 'node:path';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { RememberedLists } from '../../services/mcp/remembered/RememberedLists';
import type { ServerSupervisor } from '../../services/mcp/supervisor/ServerSupervisor';
import type { CliContext, CommandResult } from '../CliContext';
import { CliUsageError } from '../parseCliArgs';
import { statusFailure } from '../statusFailure';

function needServer(ctx: CliContext, what: string): string {
  const server = ctx.args.positionals[0];
  if (!server) throw new CliUsageError(`${what} needs <server>`);
  return server;
}

/**
 * `signin <server>`: connects; when the server needs a sign-in, prints the authorization URL
 * on stderr (and opens it unless --no-browser), waits for the loopback redirect, and reports
 * who signed in with which scopes. Tokens go to the data dir's secret store only.
 */
export async function signinCommand(ctx: CliContext): Promise<CommandResult> {
  const name = needServer(ctx, 'signin');
  const config = await ctx.serverConfig(name);
  if (config.transport === 'stdio') {
    throw new AppError(
      AppErrorCode.Validation,
      `${name} is a local (stdio) server; only remote servers sign in.`,
    );
  }
  const mcp = await ctx.startServers(name, { allowSignIn: true });
  const supervisor = mcp.supervisor(name);
  const before = supervisor.status;
  if (before.kind === 'needs-sign-in') {
    await waitForSignIn(ctx, supervisor);
  } else if (before.kind !== 'ready') {
    throw new AppError(
      AppErrorCode.McpClosed,
      `${name} could not be reached to sign in (${before.kind}${failureText(before)}).`,
    );
  }
  const auth = await mcp.authSummary(name);
  const summary = auth.auth ?? { signedIn: false };
  const detail = [
    `issuer ${summary.issuer ?? 'unknown'}`,
    `scopes ${summary.scopes?.join(' ') || 'none'}`,
  ].join(', ');
  const text =
    before.kind === 'ready'
      ? summary.signedIn
        ? `Already signed in to ${name} (${detail}).`
        : `${name} does not ask for a sign-in.`
      : `Signed in to ${name} (${detail}).`;
  return {
    json: {
      server: name,
      signedIn: summary.signedIn,
      alreadySignedIn: before.kind === 'ready',
      ...(summary.issuer ? { issuer: summary.issuer } : {}),
      scopes: summary.scopes ?? [],
    },
    text,
    exitCode: 0,
  };
}

/**
 * Runs the browser step and resolves once the server is ready on its new tokens; rejects with
 * the authorization server's refusal in plain words, or on Ctrl+C after cancelling the attempt
 * (the listener closes, the pending verifier is forgotten).
 */
async function waitForSignIn(ctx: CliContext, supervisor: ServerSupervisor): Promise<void> {
  const name = supervisor.config.name;
  let unsubscribe: (() => void) | undefined;
  let onAbort: (() => void) | undefined;
  const outcome = new Promise<void>((resolve, reject) => {
    const check = (status: ServerStatus) => {
      if (status.kind === 'ready') resolve();
      else if (status.kind === 'needs-sign-in' && !status.inProgress) {
        // The attempt ended without tokens that work: refused, timed out, or asked again.
        reject(
          new AppError(
            AppErrorCode.McpAuthRequired,
            status.error ?? `${name} still asks for a sign-in after signing in.`,
          ),
        );
      } else if (status.kind === 'error') {
        reject(new AppError(AppErrorCode.McpClosed, `${name}: ${status.failure.message}`));
      }
    };
    unsubscribe = supervisor.onDidChangeStatus(check);
    onAbort = () => {
      supervisor.cancelSignIn(); // closes the listener; CliContext.dispose awaits its cleanup
      reject(new AppError(AppErrorCode.Cancelled, 'Sign-in cancelled.'));
    };
    if (ctx.io.signal?.aborted) onAbort();
    else ctx.io.signal?.addEventListener('abort', onAbort, { once: true });
  });
  outcome.catch(() => {}); // awaited below unless the sign-in failed to start
  try {
    await Promise.race([supervisor.signIn(), outcome]);
    ctx.io.err('Waiting for the browser to come back… (Ctrl+C cancels)\n');
    await outcome;
  } finally {
    unsubscribe?.();
    if (onAbort) ctx.io.signal?.removeEventListener('abort', onAbort);
  }
}

function failureText(status: ServerStatus): string {
  const failure = statusFailure(status);
  return failure ? `: ${failure.message}` : '';
}

/** `signout <server>`: forgets its tokens and registrations; nothing is started. */
export async function signoutCommand(ctx: CliContext): Promise<CommandResult> {
  const name = needServer(ctx, 'signout');
  const config = await ctx.serverConfig(name);
  if (config.transport === 'stdio') {
    throw new AppError(
      AppErrorCode.Validation,
      `${name} is a local (stdio) server; only remote servers sign in.`,
    );
  }
  const store = ctx.oauthStore();
  const { signedIn } = await store.summary(name, config.url);
  await store.forget(name);
  // Its tools are not offered from memory until it is signed in and connected again.
  await new RememberedLists({ dir: join(ctx.paths.dataDir, 'remembered'), log: ctx.log }).forget(
    name,
  );
  return {
    json: { server: name, signedIn: false, wasSignedIn: signedIn },
    text: signedIn ? `Signed out of ${name}.` : `${name} was not signed in; nothing to forget.`,
    exitCode: 0,
  };
}
