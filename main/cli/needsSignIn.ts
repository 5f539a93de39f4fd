import { AppError, AppErrorCode } from '../../shared/errors';

/** Exit code of a command that could not run because a server needs a sign-in (like `gh`). */
export const EXIT_NEEDS_SIGN_IN = 4;

/** The line a person reads: which server, and the command that fixes it. */
export function signInHint(server: string, reason?: string): string {
  return `${server} needs sign-in: run \`npm run --silent cli -- signin ${server}\`${reason ? ` (${reason})` : ''}`;
}

/** MCP_AUTH_REQUIRED with the hint as its message; runCli exits with {@link EXIT_NEEDS_SIGN_IN}. */
export function needsSignInError(server: string, reason?: string): AppError {
  return new AppError(AppErrorCode.McpAuthRequired, signInHint(server, reason), { server });
}
