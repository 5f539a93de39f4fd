import type { CliContext, CommandResult } from '../CliContext';

/** `tools`: the catalogue the model would see, with where each tool really lives. */
export async function toolsCommand(ctx: CliContext): Promise<CommandResult> {
  const mcp = await ctx.startServers();
  const tools = mcp.catalogEntries().map((e) => ({
    name: e.modelName,
    server: e.server,
    originalName: e.tool.name,
    description: e.tool.description ?? '',
    inputSchema: e.tool.inputSchema,
  }));
  const text = tools
    .map(
      (t) =>
        `${t.name}  (${t.server} › ${t.originalName})${t.description ? `\n    ${t.description.split('\n')[0] ?? ''}` : ''}`,
    )
    .join('\n');
  return { json: { tools }, text: text || 'No tools.', exitCode: 0 };
}
