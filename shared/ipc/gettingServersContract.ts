import { z } from 'zod';
import {
  bundleInstallRequestSchema,
  bundleViewSchema,
  installedBundleSchema,
} from '../domain/bundleViews';
import {
  bundleUploadChunkSchema,
  bundleUploadIdSchema,
  bundleUploadStartSchema,
} from '../domain/bundleUpload';
import { configDocumentSchema, importSourceSchema } from '../domain/mcpViews';
import { registryInstallRequestSchema, registryPageSchema } from '../domain/registryViews';
import { registryReviewSchema } from '../domain/registryReview';
import { serverFormSchema, serverTestResultSchema } from '../domain/serverForm';

/**
 * Getting servers: the add/edit form, the MCP Registry, `.mcpb` bundles, picking files.
 * Kept apart from contract.ts (which spreads these in) so the feature's entries live together.
 */

const serverName = z.string().min(1).max(200);
const path = z.string().min(1).max(4096);

export const gettingServersRequests = {
  'servers.getForm': {
    input: z.object({ name: serverName }).strict(),
    output: serverFormSchema,
    description:
      'One server of the servers file as the form shows it (secrets: only whether stored).',
  },
  'servers.testForm': {
    input: z.object({ form: serverFormSchema, originalName: serverName.optional() }).strict(),
    output: serverTestResultSchema,
    description:
      'Starts what the form describes once (nothing saved) and reports its tools or why it failed.',
  },
  'servers.saveForm': {
    input: z.object({ form: serverFormSchema, originalName: serverName.optional() }).strict(),
    output: configDocumentSchema,
    description:
      'Adds a server, or replaces (and possibly renames) `originalName`; secret fields go to the secret store.',
  },
  'servers.remove': {
    input: z.object({ name: serverName }).strict(),
    output: configDocumentSchema,
    description: 'Removes a server from the servers file and forgets the secrets only it used.',
  },
  'registry.search': {
    input: z
      .object({ query: z.string().max(200), cursor: z.string().max(2000).optional() })
      .strict(),
    output: registryPageSchema,
    description:
      'One page of the MCP Registry’s latest server versions whose names contain the query.',
  },
  'registry.review': {
    input: z
      .object({ name: z.string().min(1).max(200), version: z.string().min(1).max(255) })
      .strict(),
    output: registryReviewSchema,
    description:
      'Fetches one version document of a registry server and pins it by digest: what each install option would run, and how it differs from the listing when it does.',
  },
  'registry.install': {
    input: registryInstallRequestSchema,
    output: z.object({ serverName, document: configDocumentSchema }),
    description:
      'Installs one option of a reviewed version document (by its digest) with the given answers; refused, with the changed fields, when the registry now serves another document.',
  },
  'bundles.inspect': {
    input: z.object({ path }).strict(),
    output: bundleViewSchema,
    description:
      'Reads and verifies an .mcpb file: manifest, tools, prompts, user config, signature, runtime.',
  },
  'bundles.uploadStart': {
    input: bundleUploadStartSchema,
    output: z.object({ uploadId: z.string() }),
    description:
      'Starts receiving a dropped .mcpb file (a page has its bytes, not its path) into a staging file in the data folder.',
  },
  'bundles.uploadChunk': {
    input: bundleUploadChunkSchema,
    output: z.object({ received: z.number().int() }),
    description: 'The next bytes of a dropped file, base64, right after the ones received.',
  },
  'bundles.uploadFinish': {
    input: bundleUploadIdSchema,
    output: bundleViewSchema,
    description:
      'Every byte arrived: reads and verifies the staged file like bundles.inspect (its path is what install gets).',
  },
  'bundles.discard': {
    input: z.object({ path }).strict(),
    output: z.object({}),
    description:
      'The review was closed: removes a dropped file staged for it (a file opened by path is left alone).',
  },
  'bundles.install': {
    input: bundleInstallRequestSchema,
    output: z.object({ serverName, document: configDocumentSchema }),
    description:
      'Unpacks an .mcpb into the data folder and adds its server (secrets to the secret store).',
  },
  'bundles.list': {
    input: z.object({}).strict(),
    output: z.object({ bundles: z.array(installedBundleSchema) }),
    description: 'Servers installed from bundles.',
  },
  'bundles.uninstall': {
    input: z.object({ serverName }).strict(),
    output: configDocumentSchema,
    description: 'Removes a bundle’s server, its secrets and its unpacked folder.',
  },
  'config.readImportFile': {
    input: z.object({ path }).strict(),
    output: importSourceSchema,
    description: 'Reads a servers file the person chose, as an import source.',
  },
  'platform.pickPath': {
    input: z
      .object({
        kind: z.enum(['file', 'directory']),
        purpose: z.enum(['bundle', 'import', 'value']),
      })
      .strict(),
    output: z.object({ path: z.string().nullable() }),
    description: 'The native file or folder picker (desktop app only); null when cancelled.',
  },
} as const;
