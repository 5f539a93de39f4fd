import { toolUi } from '../../services/mcp/tools/toolUi';
import type { CliContext, CommandResult } from '../CliContext';
import { EXIT_NEEDS_SIGN_IN, signInHint } from '../needsSignIn';

/**
 * `tools`: the catalogue the model would see, with where each tool really lives; a tool with an
 * App (MCP Apps UI) is marked with its `ui://` resource. Servers whose lists are remembered are
 * not started: their tools come from those lists; only a server never connected on this data
 * folder starts, to learn its list.
 */
export async function toolsCommand(ctx: CliContext): Promise<CommandResult> {
  const mcp = await ctx.startServers(undefined, { launch: 'unremembered' });
  const tools = mcp.catalogEntries().map((e) => ({
    name: e.modelName,
    server: e.server,
    originalName: e.tool.name,
    description: e.tool.description ?? '',
    inputSchema: e.tool.inputSchema,
    ...(toolUi(e.tool) ? { ui: toolUi(e.tool)?.resourceUri } : {}),
  }));
  const text = tools
    .map(
      (t) =>
        `${t.name}  (${t.server} › ${t.originalName})${t.ui ? `  [App ${t.ui}]` : ''}${t.description ? `\n    ${t.description.split('\n')[0] ?? ''}` : ''}`,
    )
    .join('\n');
  // Their tools are missing from the list: say which and how to fix it, and exit with 4.
  const needsSignIn = mcp.registry
    .list()
    .filter((s) => s.status.kind === 'needs-sign-in')
    .map((s) => ({
      server: s.config.name,
      message: signInHint(
        s.config.name,
        s.status.kind === 'needs-sign-in' ? s.status.error : undefined,
      ),
    }));
  for (const { message } of needsSignIn) ctx.notes.push(message);
  return {
    json: { tools, ...(needsSignIn.length > 0 ? { needsSignIn } : {}) },
    text: text || 'No tools.',
    exitCode: needsSignIn.length > 0 ? EXIT_NEEDS_SIGN_IN : 0,
  };
}
