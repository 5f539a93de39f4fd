import { z } from 'zod';
import type { Prompt, ResourceTemplate, Tool } from '../session/mcpTypes';

const MAX_NAME = 1_000;
const jsonObject = z.record(z.string(), z.unknown());

/** One remembered definition: its digest and what the server listed, untouched. */
const entry = <T extends z.ZodType>(definition: T) =>
  z.object({ digest: z.string().regex(/^sha256:[0-9a-f]{64}$/), definition });

// Only what the host relies on is checked; everything else the server listed is kept as it was.
const toolSchema = z.looseObject({
  name: z.string().min(1).max(MAX_NAME),
  inputSchema: jsonObject,
});
const promptSchema = z.looseObject({ name: z.string().min(1).max(MAX_NAME) });
const templateSchema = z.looseObject({
  name: z.string().min(1).max(MAX_NAME),
  uriTemplate: z.string().min(1).max(8_192),
});

/** The file kept per server entry in `<data>/remembered/`. */
export const rememberedFileSchema = z.object({
  version: z.literal(1),
  server: z.string().min(1).max(200),
  /** The entry's launch identity it was learned for (see rememberKey). */
  key: z.string().regex(/^[0-9a-f]{64}$/),
  /** When a process last connected the server and wrote this (epoch ms). */
  learnedAt: z.number(),
  serverInfo: z
    .object({ name: z.string(), version: z.string(), title: z.string().optional() })
    .optional(),
  protocolVersion: z.string().max(100).optional(),
  instructions: z.string().max(100_000).optional(),
  capabilities: jsonObject.optional(),
  tools: z.array(entry(toolSchema)).max(10_000),
  prompts: z.array(entry(promptSchema)).max(10_000),
  resourceTemplates: z.array(entry(templateSchema)).max(10_000),
});
export type RememberedFile = z.infer<typeof rememberedFileSchema>;

/**
 * What is known of a server that is not running: the definitions it listed the last time a
 * process connected it, each with its digest, and what it said about itself.
 */
export interface RememberedList {
  server: string;
  key: string;
  learnedAt: number;
  serverInfo?: { name: string; version: string; title?: string };
  protocolVersion?: string;
  instructions?: string;
  capabilities?: Record<string, unknown>;
  tools: Tool[];
  prompts: Prompt[];
  resourceTemplates: ResourceTemplate[];
  /** Digests by kind and name, to tell what changed when the server runs again. */
  digests: {
    tools: { name: string; digest: string }[];
    prompts: { name: string; digest: string }[];
    resourceTemplates: { name: string; digest: string }[];
  };
}

/** The list a file holds (validated). */
export function fromFile(file: RememberedFile): RememberedList {
  const names = (list: { digest: string; definition: { name: string } }[]) =>
    list.map((e) => ({ name: e.definition.name, digest: e.digest }));
  return {
    server: file.server,
    key: file.key,
    learnedAt: file.learnedAt,
    ...(file.serverInfo ? { serverInfo: file.serverInfo } : {}),
    ...(file.protocolVersion ? { protocolVersion: file.protocolVersion } : {}),
    ...(file.instructions ? { instructions: file.instructions } : {}),
    ...(file.capabilities ? { capabilities: file.capabilities } : {}),
    tools: file.tools.map((e) => e.definition as unknown as Tool),
    prompts: file.prompts.map((e) => e.definition as unknown as Prompt),
    resourceTemplates: file.resourceTemplates.map(
      (e) => e.definition as unknown as ResourceTemplate,
    ),
    digests: {
      tools: names(file.tools),
      prompts: names(file.prompts),
      resourceTemplates: names(file.resourceTemplates),
    },
  };
}
