import type { RequestHandlers } from '../../../shared/ipc/contract';
import type { McpService } from './McpService';
import { contentsBytes } from './contentsBytes';
import { toPromptView, toResourceView, toTemplateView } from './listAcrossServers';
import { ToolRuns } from './ToolRuns';
import type { CallToolOptions } from './session/McpSession';
import type { CallToolResult } from './session/mcpTypes';

/** How a tool call from the server view runs (the task service, when tasks are wired). */
export type ToolCall = (
  server: string,
  tool: string,
  args: Record<string, unknown>,
  options: CallToolOptions,
) => Promise<CallToolResult>;

/** The `mcp.*` requests that span servers: served by the resources folder's handlers. */
export type ResourceRequestName =
  | 'mcp.listAllResources'
  | 'mcp.listAllPrompts'
  | 'mcp.complete'
  | 'mcp.resolveTemplate'
  | 'mcp.subscribeResource'
  | 'mcp.unsubscribeResource'
  | 'mcp.listSubscriptions';

type McpRequestName = Exclude<Extract<keyof RequestHandlers, `mcp.${string}`>, ResourceRequestName>;

/**
 * Handlers of the `mcp.*` requests over the servers service. `runs` tracks tool runs started
 * with a `runId` (cancel, progress events); without one, runs are cancellable but not reported.
 */
export function createMcpHandlers(
  mcp: McpService,
  runs: ToolRuns = new ToolRuns(),
  callTool: ToolCall = async (server, tool, args, options) =>
    (await mcp.use(server, options.signal)).callTool(tool, args, options),
): Pick<RequestHandlers, McpRequestName> {
  return {
    'mcp.listServers': () => ({ servers: mcp.servers() }),
    'mcp.getServer': async ({ name }) => ({
      ...mcp.detail(name),
      ...(await mcp.authSummary(name)),
    }),
    'mcp.startServer': ({ name }) => mcp.wake(name),
    'mcp.stopServer': ({ name }) => mcp.stop(name),
    'mcp.sampleCosts': () => mcp.sampleCosts(),
    'mcp.restartServer': ({ name }) => mcp.restart(name),
    'mcp.signIn': async ({ name }) => {
      await mcp.signIn(name);
      return {};
    },
    'mcp.cancelSignIn': ({ name }) => {
      mcp.cancelSignIn(name);
      return {};
    },
    'mcp.signOut': async ({ name }) => {
      await mcp.signOut(name);
      return {};
    },
    'mcp.setServerEnabled': ({ name, enabled }) => mcp.setEnabled(name, enabled),
    'mcp.setToolEnabled': ({ server, tool, enabled }) => mcp.setToolEnabled(server, tool, enabled),
    'mcp.callTool': async ({ server, tool, arguments: args, runId }) => {
      const started = performance.now();
      const result = await runs.run(runId, (options) => callTool(server, tool, args, options));
      // The SDK's parsed result is plain JSON data already: sent as it is, never copied.
      return { result, durationMs: Math.round(performance.now() - started) };
    },
    'mcp.cancelToolRun': ({ runId }) => {
      runs.cancel(runId);
      return {};
    },
    'mcp.listResources': async ({ server }) => {
      const session = (await mcp.use(server)).ready();
      const caps = session.info?.capabilities;
      if (!caps?.resources) return { resources: [], templates: [] };
      const [resources, templates] = await Promise.all([
        session.listResources(),
        session.listResourceTemplates(),
      ]);
      return {
        resources: resources.map((r) => toResourceView(r)),
        templates: templates.map((t) => toTemplateView(t)),
      };
    },
    'mcp.readResource': async ({ server, uri }) => {
      const result = await (await mcp.use(server)).ready().readResource(uri);
      return {
        contents: result.contents,
        totalBytes: contentsBytes(result.contents),
      };
    },
    'mcp.listPrompts': async ({ server }) => {
      const session = (await mcp.use(server)).ready();
      if (!session.info?.capabilities.prompts) return { prompts: [] };
      const prompts = await session.listPrompts();
      return {
        prompts: prompts.map((p) => toPromptView(p)),
      };
    },
    'mcp.getPrompt': async ({ server, name, arguments: args }) => {
      const result = await (await mcp.use(server)).ready().getPrompt(name, args);
      return {
        ...(result.description ? { description: result.description } : {}),
        messages: result.messages,
      };
    },
    'mcp.getLogs': ({ server, sinceSeq }) => ({
      entries: mcp.supervisor(server).logsSince(sinceSeq),
    }),
    'mcp.getTraffic': ({ server, sinceSeq }) => ({
      entries: mcp.supervisor(server).trafficSince(sinceSeq),
    }),
  };
}
