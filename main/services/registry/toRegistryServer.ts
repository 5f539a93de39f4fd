import type { RegistryServer } from '../../../shared/domain/registryViews';
import { previewRun } from './buildRegistryEntry';
import { describeOption, runOptions } from './registryOptions';
import { OFFICIAL_META_KEY, type OfficialMeta } from './serverJson';
import { validateServerJson } from './validateServerJson';

/**
 * The browser's view of one registry list element. A document that breaks the published
 * schema is still listed (name and description when readable) with its problems and no
 * install options: nothing is installed from a document that was not understood.
 */
export function toRegistryServer(element: unknown): RegistryServer {
  const record = asRecord(element);
  const document = record?.server;
  const official = asRecord(asRecord(record?._meta)?.[OFFICIAL_META_KEY]) as
    OfficialMeta | undefined;
  const meta = {
    ...(typeof official?.status === 'string' ? { status: official.status } : {}),
    ...(typeof official?.publishedAt === 'string' ? { publishedAt: official.publishedAt } : {}),
  };
  const check = validateServerJson(document);
  if (!check.valid) {
    const raw = asRecord(document);
    return {
      name: text(raw?.name, 200) || '(unnamed)',
      description: text(raw?.description, 2000),
      version: text(raw?.version, 255),
      valid: false,
      problems: check.problems,
      options: [],
      ...meta,
    };
  }
  const server = check.server;
  return {
    name: server.name,
    ...(server.title ? { title: server.title } : {}),
    description: server.description,
    version: server.version,
    ...(server.websiteUrl ? { websiteUrl: server.websiteUrl } : {}),
    ...(server.repository?.url ? { repositoryUrl: server.repository.url } : {}),
    valid: true,
    problems: [],
    options: runOptions(server).map((option) => {
      const { preview, built } = previewRun(option);
      return describeOption(option, preview, built.refused);
    }),
    ...meta,
  };
}

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
