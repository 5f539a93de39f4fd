import { hostTextSchema } from '../text/hostTextSchema';
import { z } from 'zod';
import { turnErrorSchema } from './conversationEvents';
import { modelSummarySchema } from './modelSummary';
import { DEFAULT_MODEL } from './settings';

/**
 * Model providers. Two wires: the Anthropic Messages API (Claude, and Anthropic-compatible
 * endpoints) and the OpenAI Chat Completions API, which DeepSeek, Qwen, Kimi, GLM, OpenRouter,
 * Ollama, LM Studio and OpenAI itself speak.
 */
export const providerKindSchema = z.enum(['anthropic', 'openai-compatible']);
export type ProviderKind = z.infer<typeof providerKindSchema>;

export const providerPresetIdSchema = z.enum([
  'anthropic',
  'openai',
  'deepseek',
  'qwen',
  'moonshot',
  'zhipu',
  'openrouter',
  'ollama',
  'lmstudio',
  'custom',
]);
export type ProviderPresetId = z.infer<typeof providerPresetIdSchema>;

/** What a preset fills in when a provider is added; the person can change the URL and name. */
export interface ProviderPreset {
  id: ProviderPresetId;
  kind: ProviderKind;
  name: string;
  baseURL: string;
  /** Local servers take any key (or none). */
  needsKey: boolean;
  /** Whether its models are sent images (attachments, images in tool results) by default. */
  images: boolean;
  /**
   * How the reply length limit is spelled: OpenAI's newer models refuse `max_tokens`, while
   * most compatible servers only know `max_tokens`.
   */
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  /** Offered in the model lists until the provider's own list is known. */
  suggestedModels: readonly string[];
}

const chat = (
  id: ProviderPresetId,
  name: string,
  baseURL: string,
  extra: Partial<ProviderPreset> = {},
): ProviderPreset => ({
  id,
  kind: 'openai-compatible',
  name,
  baseURL,
  needsKey: true,
  images: false,
  maxTokensField: 'max_tokens',
  suggestedModels: [],
  ...extra,
});

/** Every preset, in the order the "Add provider" menu shows them. */
export const PROVIDER_PRESETS: readonly ProviderPreset[] = [
  {
    id: 'anthropic',
    kind: 'anthropic',
    name: 'Anthropic',
    baseURL: 'https://api.anthropic.com',
    needsKey: true,
    images: true,
    maxTokensField: 'max_tokens',
    suggestedModels: [DEFAULT_MODEL],
  },
  chat('openai', 'OpenAI', 'https://api.openai.com/v1', {
    images: true,
    maxTokensField: 'max_completion_tokens',
  }),
  chat('deepseek', 'DeepSeek', 'https://api.deepseek.com', {
    suggestedModels: ['deepseek-chat', 'deepseek-reasoner'],
  }),
  chat('qwen', 'Qwen (DashScope)', 'https://dashscope.aliyuncs.com/compatible-mode/v1'),
  chat('moonshot', 'Kimi (Moonshot)', 'https://api.moonshot.cn/v1'),
  chat('zhipu', 'GLM (Zhipu)', 'https://open.bigmodel.cn/api/paas/v4'),
  chat('openrouter', 'OpenRouter', 'https://openrouter.ai/api/v1', { images: true }),
  chat('ollama', 'Ollama', 'http://127.0.0.1:11434/v1', { needsKey: false }),
  chat('lmstudio', 'LM Studio', 'http://127.0.0.1:1234/v1', { needsKey: false }),
  chat('custom', 'Custom (OpenAI-compatible)', 'http://127.0.0.1:8000/v1', { needsKey: false }),
];

/** The preset of that id (every id has one). */
export function providerPreset(id: ProviderPresetId): ProviderPreset {
  const preset = PROVIDER_PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`No provider preset ${id}`);
  return preset;
}

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }));

export const providerIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Lower-case letters, digits and dashes');

const modelIdSchema = z.string().trim().min(1).max(200);

/** A provider the person added (kept in providers.json; its key is in the secret store). */
export const providerConfigSchema = z.object({
  id: providerIdSchema,
  preset: providerPresetIdSchema,
  kind: providerKindSchema,
  name: z.string().trim().min(1).max(80),
  baseURL: httpUrl,
  /** Models typed in by the person, for providers whose `/models` lists nothing useful. */
  models: z.array(modelIdSchema).max(200),
  /** Send images to this provider's models (otherwise each image becomes a short note). */
  images: z.boolean(),
});
export type ProviderConfig = z.infer<typeof providerConfigSchema>;

/** Where a provider's key comes from; the key itself never leaves main. */
export const providerKeySourceSchema = z.enum([
  'none',
  'secret-store',
  'environment',
  'not-needed',
  /** A key is stored for the origin the base URL had then: it is not sent elsewhere. */
  'other-origin',
]);
export type ProviderKeySource = z.infer<typeof providerKeySourceSchema>;

/**
 * A provider as the renderer sees it. `origin` says who owns it: the built-in Claude provider
 * (its URL and key are the app's API settings), one from the environment (`OPENAI_API_KEY` /
 * `OPENAI_BASE_URL`, read-only here), or one the person added.
 */
export const providerViewSchema = providerConfigSchema.extend({
  origin: z.enum(['built-in', 'environment', 'added']),
  keySource: providerKeySourceSchema,
});
export type ProviderView = z.infer<typeof providerViewSchema>;

/** Adding one: a preset, optionally with a name and URL of the person's own. */
export const providerAddSchema = z
  .object({
    preset: providerPresetIdSchema,
    name: z.string().trim().min(1).max(80).optional(),
    baseURL: httpUrl.optional(),
  })
  .strict();

/** A partial change of an added provider (or of the built-in one's URL and models). */
export const providerPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(80).optional(),
    baseURL: httpUrl.optional(),
    models: z.array(modelIdSchema).max(200).optional(),
    images: z.boolean().optional(),
  })
  .strict();
export type ProviderPatch = z.infer<typeof providerPatchSchema>;

/** The answer of "Test connection": how many models it lists and how long it took, or why not. */
export const providerTestResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), models: z.number().int().nonnegative(), ms: z.number() }),
  z.object({ ok: z.literal(false), error: turnErrorSchema }),
]);
export type ProviderTestResult = z.infer<typeof providerTestResultSchema>;

/** One provider's models in the pickers; `error` says why the list is only what is known. */
export const modelGroupSchema = z.object({
  provider: z.object({ id: z.string(), name: z.string() }),
  /** `id` is the model ref `provider/model`. */
  models: z.array(modelSummarySchema),
  /** Why the provider's list could not be had (English); its models are then those known. */
  error: z.string().optional(),
  /** The same, for the window to show in its language. */
  errorText: hostTextSchema.optional(),
});
export type ModelGroup = z.infer<typeof modelGroupSchema>;

/** A server on this computer (Ollama, LM Studio, a local proxy): it needs no key. */
export function isLocalBaseUrl(value: string): boolean {
  return /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/i.test(value.trim());
}
