import type { ServerPrompts, ServerResources } from '../../../shared/domain/attachments';
import type {
  PromptView,
  ResourceTemplateView,
  ResourceView,
} from '../../../shared/domain/mcpViews';
import { AppError } from '../../../shared/errors';
import type { McpService } from './McpService';
import type { McpSession } from './session/McpSession';

/** Ready servers that declared `capability`, each with its session. */
function readySessions(
  mcp: McpService,
  capability: 'resources' | 'prompts',
): { server: string; session: McpSession }[] {
  return mcp.registry.list().flatMap((supervisor) => {
    if (supervisor.status.kind !== 'ready') return [];
    const session = supervisor.ready();
    return session.info?.capabilities[capability]
      ? [{ server: supervisor.config.name, session }]
      : [];
  });
}

const message = (error: unknown) => AppError.from(error).message;

/** In the order of the servers file, running or not. */
function inServerOrder<T extends { server: string }>(mcp: McpService, lists: T[]): T[] {
  const order = new Map(mcp.registry.list().map((s, index) => [s.config.name, index]));
  return lists.sort((a, b) => (order.get(a.server) ?? 0) - (order.get(b.server) ?? 0));
}

/**
 * Servers that wait to be needed and declared `capability` when they last ran: what the
 * pickers offer of them comes from their remembered lists (picking one starts the server).
 */
function rememberedServers(mcp: McpService, capability: 'resources' | 'prompts') {
  return mcp.offered().flatMap((supervisor) => {
    const list = supervisor.remembered;
    return supervisor.status.kind !== 'ready' && list?.capabilities?.[capability]
      ? [{ server: supervisor.config.name, list }]
      : [];
  });
}

/**
 * Every ready server's resources and templates, asked in parallel (one failure stays its
 * own), and the remembered templates of servers that wait to be needed.
 */
export async function listAllResources(mcp: McpService): Promise<ServerResources[]> {
  const remembered = rememberedServers(mcp, 'resources').map(({ server, list }) => ({
    server,
    resources: [],
    templates: list.resourceTemplates.map(toTemplateView),
  }));
  const live = await Promise.all(
    readySessions(mcp, 'resources').map(async ({ server, session }) => {
      const [resources, templates] = await Promise.allSettled([
        session.listResources(),
        session.listResourceTemplates(),
      ]);
      const failure = [resources, templates].find((r) => r.status === 'rejected');
      return {
        server,
        resources: resources.status === 'fulfilled' ? resources.value.map(toResourceView) : [],
        templates: templates.status === 'fulfilled' ? templates.value.map(toTemplateView) : [],
        ...(failure ? { error: message(failure.reason) } : {}),
      };
    }),
  );
  return inServerOrder(mcp, [...live, ...remembered]);
}

/** Every ready server's prompts, and the remembered prompts of servers that wait to be needed. */
export async function listAllPrompts(mcp: McpService): Promise<ServerPrompts[]> {
  const remembered = rememberedServers(mcp, 'prompts').map(({ server, list }) => ({
    server,
    prompts: list.prompts.map(toPromptView),
  }));
  const live = await Promise.all(
    readySessions(mcp, 'prompts').map(async ({ server, session }) => {
      try {
        return { server, prompts: (await session.listPrompts()).map(toPromptView) };
      } catch (error) {
        return { server, prompts: [], error: message(error) };
      }
    }),
  );
  return inServerOrder(mcp, [...live, ...remembered]);
}

type Listed<T> = T extends (...args: never[]) => Promise<(infer E)[]> ? E : never;

export function toResourceView(r: Listed<McpSession['listResources']>): ResourceView {
  return {
    uri: r.uri,
    name: r.name,
    ...(r.title ? { title: r.title } : {}),
    ...(r.description ? { description: r.description } : {}),
    ...(r.mimeType ? { mimeType: r.mimeType } : {}),
    ...(typeof r.size === 'number' ? { size: r.size } : {}),
  };
}

export function toTemplateView(
  t: Listed<McpSession['listResourceTemplates']>,
): ResourceTemplateView {
  return {
    uriTemplate: t.uriTemplate,
    name: t.name,
    ...(t.title ? { title: t.title } : {}),
    ...(t.description ? { description: t.description } : {}),
    ...(t.mimeType ? { mimeType: t.mimeType } : {}),
  };
}

export function toPromptView(p: Listed<McpSession['listPrompts']>): PromptView {
  return {
    name: p.name,
    ...(p.title ? { title: p.title } : {}),
    ...(p.description ? { description: p.description } : {}),
    arguments: (p.arguments ?? []).map((a) => ({
      name: a.name,
      ...(a.description ? { description: a.description } : {}),
      ...(a.required !== undefined ? { required: a.required } : {}),
    })),
  };
}
