import { z } from 'zod';
import { DEFAULT_TOOL_SEARCH, toolSearchSettingsSchema } from './toolSearch';

export const themeSchema = z.enum(['system', 'light', 'dark']);
export const languageSchema = z.enum(['en', 'zh-CN']);

export type Theme = z.infer<typeof themeSchema>;
export type Language = z.infer<typeof languageSchema>;

export const DEFAULT_API_BASE_URL = 'https://api.anthropic.com';
export const DEFAULT_MODEL = 'claude-sonnet-5-5';
/** The official MCP Registry; `SWITCHBOARD_REGISTRY_URL` in the environment overrides the setting. */
export const DEFAULT_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }));

/** What is stored on disk (never the API key). */
export const storedSettingsSchema = z.object({
  apiBaseUrl: httpUrl,
  defaultModel: z.string().trim().min(1).max(200),
  theme: themeSchema,
  language: languageSchema,
  /** Added before every conversation's system prompt (server instructions follow it). */
  systemPrompt: z.string().max(20_000),
  /** Servers whose tools may run without asking when they declare readOnlyHint. */
  trustReadOnlyServers: z.array(z.string().max(200)).max(500),
  /** Tools that declare readOnlyHint run without asking on every sandboxed server. */
  trustReadOnlyWhenSandboxed: z.boolean(),
  /** When requests carry a search tool instead of every tool definition. */
  toolSearch: toolSearchSettingsSchema,
  /** Where the server browser searches (the MCP Registry API's base URL). */
  registryUrl: httpUrl,
  /** Run tools that may run as tasks (2025-11-25 `taskSupport: optional`) as tasks. */
  preferTasks: z.boolean(),
  /** Minutes a server may go unused before it is stopped (an entry's own value wins); 0 = never. */
  idleMinutes: z.number().int().min(0).max(1440),
});
export type StoredSettings = z.infer<typeof storedSettingsSchema>;

export const defaultSettings: StoredSettings = {
  apiBaseUrl: DEFAULT_API_BASE_URL,
  defaultModel: DEFAULT_MODEL,
  theme: 'system',
  language: 'en',
  systemPrompt: '',
  trustReadOnlyServers: [],
  trustReadOnlyWhenSandboxed: false,
  toolSearch: DEFAULT_TOOL_SEARCH,
  registryUrl: DEFAULT_REGISTRY_URL,
  preferTasks: false,
  idleMinutes: 15,
};

/** Where the API key comes from; the key itself never leaves main. */
export const apiKeySourceSchema = z.enum(['none', 'secret-store', 'environment']);

/** What the renderer sees. */
export const settingsSnapshotSchema = storedSettingsSchema.extend({
  apiKeySource: apiKeySourceSchema,
});
export type SettingsSnapshot = z.infer<typeof settingsSnapshotSchema>;

/** A partial update; unknown keys are rejected so typos fail loudly. */
export const settingsPatchSchema = storedSettingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
