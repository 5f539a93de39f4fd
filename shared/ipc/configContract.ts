import { z } from 'zod';
import { configDocumentSchema, configProblemSchema, importSourceSchema } from '../domain/mcpViews';
import { empty, serverName } from './contractSchemas';
import type { RequestDef } from './contract';

/** The servers file part of the contract: reading, saving, checking and importing it. */
export const configRequests = {
  'config.get': {
    input: empty,
    output: configDocumentSchema,
    description: 'The servers file: path, text and problems.',
  },
  'config.save': {
    input: z.object({ text: z.string().max(4 * 1024 * 1024) }).strict(),
    output: z.object({ saved: z.boolean(), document: configDocumentSchema }),
    description:
      'Saves the editor’s text atomically and applies it live. Not saved (saved: false) when it is not JSON, or when the file changed on disk since it was loaded; JSON with schema errors is saved, its problems are in the document and the last good servers keep running. Saving a file that became empty as it is confirms stopping its servers.',
  },
  'config.validate': {
    input: z.object({ text: z.string().max(4 * 1024 * 1024) }).strict(),
    output: z.object({ problems: z.array(configProblemSchema) }),
    description:
      'Checks the editor’s text exactly as a save would (syntax, schema, environment references), writing and applying nothing: its problems with line and column, as the person types.',
  },
  'config.listImports': {
    input: empty,
    output: z.object({
      sources: z.array(importSourceSchema),
      /** Every place looked at, found or not (shown when nothing was found). */
      searched: z.array(z.string()).optional(),
    }),
    description: 'Other hosts’ server files found on this machine, with what they would add.',
  },
  'config.applyImport': {
    input: z
      .object({
        sourceId: z.string(),
        names: z.array(z.string()),
        renames: z.record(z.string(), serverName),
        inputs: z.record(z.string(), z.string()),
        /** Move plaintext credentials found in the imported entries into the secret store. */
        moveSecrets: z.boolean().optional(),
      })
      .strict(),
    output: configDocumentSchema,
    description: 'Adds the chosen servers of an import source; never overwrites existing names.',
  },
} as const satisfies Record<string, RequestDef>;
