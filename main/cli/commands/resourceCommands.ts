import { CliUsageError, flagJsonObject } from '../parseCliArgs';
import type { CliContext, CommandResult } from '../CliContext';

function needServer(ctx: CliContext, what: string): string {
  const server = ctx.args.positionals[0];
  if (!server) throw new CliUsageError(`${what} needs <server>`);
  return server;
}

/** `resources <server>`: resources and templates. */
export async function resourcesCommand(ctx: CliContext): Promise<CommandResult> {
  const server = needServer(ctx, 'resources');
  const session = (await ctx.startServers(server)).supervisor(server).ready();
  const has = Boolean(session.info?.capabilities.resources);
  const resources = has ? await session.listResources() : [];
  const templates = has ? await session.listResourceTemplates() : [];
  const text = [
    ...resources.map((r) => `${r.uri}  ${r.name}${r.mimeType ? `  (${r.mimeType})` : ''}`),
    ...templates.map((t) => `${t.uriTemplate}  ${t.name}  [template]`),
  ].join('\n');
  return { json: { resources, templates }, text: text || 'No resources.', exitCode: 0 };
}

/** `read <server> <uri>`. */
export async function readCommand(ctx: CliContext): Promise<CommandResult> {
  const [server, uri] = ctx.args.positionals;
  if (!server || !uri) throw new CliUsageError('read needs <server> <uri>');
  const result = await (
    await ctx.startServers(server)
  )
    .supervisor(server)
    .ready()
    .readResource(uri);
  const text = result.contents
    .map((c) =>
      'text' in c && typeof c.text === 'string' ? c.text : `[${c.mimeType ?? 'binary'} ${c.uri}]`,
    )
    .join('\n');
  return { json: result, text, exitCode: 0 };
}

/** `prompts <server>`. */
export async function promptsCommand(ctx: CliContext): Promise<CommandResult> {
  const server = needServer(ctx, 'prompts');
  const session = (await ctx.startServers(server)).supervisor(server).ready();
  const prompts = session.info?.capabilities.prompts ? await session.listPrompts() : [];
  const text = prompts
    .map(
      (p) =>
        `${p.name}${p.arguments?.length ? `(${p.arguments.map((a) => `${a.name}${a.required ? '' : '?'}`).join(', ')})` : ''}${p.description ? `  ${p.description}` : ''}`,
    )
    .join('\n');
  return { json: { prompts }, text: text || 'No prompts.', exitCode: 0 };
}

/** `prompt <server> <name> [--args JSON]`. */
export async function promptCommand(ctx: CliContext): Promise<CommandResult> {
  const [server, name] = ctx.args.positionals;
  if (!server || !name) throw new CliUsageError('prompt needs <server> <name>');
  const raw = flagJsonObject(ctx.args, 'args');
  const args = Object.fromEntries(
    Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  const result = await (
    await ctx.startServers(server)
  )
    .supervisor(server)
    .ready()
    .getPrompt(name, args);
  const text = result.messages
    .map((m) => `${m.role}: ${m.content.type === 'text' ? m.content.text : `[${m.content.type}]`}`)
    .join('\n');
  return { json: result, text, exitCode: 0 };
}
