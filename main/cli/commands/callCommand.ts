import { CliUsageError, flagJsonObject } from '../parseCliArgs';
import type { CliContext, CommandResult } from '../CliContext';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { signInReason } from '../../services/mcp/auth/authErrors';
import { needsSignInError } from '../needsSignIn';

/** `call <server> <tool> [--args JSON]`: one tool call by its original name. */
export async function callCommand(ctx: CliContext): Promise<CommandResult> {
  const [server, tool] = ctx.args.positionals;
  if (!server || !tool) throw new CliUsageError('call needs <server> <tool>');
  const args = flagJsonObject(ctx.args, 'args');
  const mcp = await ctx.startServers(server);
  const result = await mcp
    .supervisor(server)
    .callTool(tool, args, { timeoutMs: ctx.timeoutMs })
    .catch((error: unknown) => {
      // The tokens stopped working and could not be refreshed: the same hint as at connect.
      if (error instanceof AppError && error.code === AppErrorCode.McpAuthRequired) {
        throw needsSignInError(server, signInReason(error));
      }
      throw error;
    });
  const text = result.content
    .map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
    .join('\n');
  const structured = result.structuredContent
    ? `\n${JSON.stringify(result.structuredContent, null, 2)}`
    : '';
  return {
    json: result,
    text: `${result.isError ? 'Tool error:\n' : ''}${text}${structured}`,
    exitCode: result.isError ? 1 : 0,
  };
}
