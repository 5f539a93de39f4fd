import { z } from 'zod';
import { secretStorageSchema } from '../domain/secretStorage';
import { serverViewSchema } from '../domain/mcpViews';
import { settingsPatchSchema, settingsSnapshotSchema } from '../domain/settings';
import { approvalRequestSchema } from '../domain/approvals';
import { conversationSummarySchema } from '../domain/conversationViews';
import { taskViewSchema } from '../domain/tasks';
import { interactionViewSchema } from '../domain/interactions';
import { uiStatePatchSchema, uiStateSchema } from '../domain/uiState';
import { empty } from './contractSchemas';
import type { RequestDef } from './contract';

export const shellKindSchema = z.enum(['electron', 'web']);

export const bootstrapSchema = z.object({
  version: z.string(),
  platform: z.string(),
  shell: shellKindSchema,
  settings: settingsSnapshotSchema,
  servers: z.array(serverViewSchema),
  conversations: z.array(conversationSummarySchema),
  pendingApprovals: z.array(approvalRequestSchema),
  /** Optional so an older main's snapshot still parses. */
  pendingInteractions: z.array(interactionViewSchema).optional(),
  /** Running and recently ended tasks; optional so an older main's snapshot still parses. */
  tasks: z.array(taskViewSchema).optional(),
  /** Where the window was left (last conversation, sidebar); optional like the above. */
  uiState: uiStateSchema.optional(),
  /** Where secrets are kept (keychain or a private file, and why); optional like the above. */
  secretStorage: secretStorageSchema.optional(),
});
export type Bootstrap = z.infer<typeof bootstrapSchema>;

/** The app and settings part of the contract: the first snapshot, settings, API keys and window state. */
export const settingsRequests = {
  'app.bootstrap': {
    input: empty,
    output: bootstrapSchema,
    description: 'Full snapshot for a freshly loaded window: version, platform, shell, settings.',
  },
  'settings.get': {
    input: empty,
    output: settingsSnapshotSchema,
    description: 'Current settings; says whether an API key is set, never the key.',
  },
  'settings.update': {
    input: settingsPatchSchema,
    output: settingsSnapshotSchema,
    description: 'Changes some settings; emits settings.changed.',
  },
  'settings.setApiKey': {
    input: z.object({ apiKey: z.string().trim().min(1).max(512) }).strict(),
    output: settingsSnapshotSchema,
    description: 'Stores the API key in the secret store. The key is never sent back.',
  },
  'settings.clearApiKey': {
    input: empty,
    output: settingsSnapshotSchema,
    description: 'Forgets the stored API key.',
  },
  'ui.update': {
    input: uiStatePatchSchema,
    output: uiStateSchema,
    description: 'Remembers where the window is (last conversation, sidebar) for the next start.',
  },
} as const satisfies Record<string, RequestDef>;
