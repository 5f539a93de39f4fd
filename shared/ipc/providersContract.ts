import { z } from 'zod';
import {
  modelGroupSchema,
  providerAddSchema,
  providerIdSchema,
  providerPatchSchema,
  providerTestResultSchema,
  providerViewSchema,
} from '../domain/providers';
import { empty } from './contractSchemas';
import type { RequestDef } from './contract';

/** The models and providers part of the contract. */
export const providersRequests = {
  'models.list': {
    input: z.object({ refresh: z.boolean().optional() }).strict(),
    output: z.object({
      /** One group per provider; a group's `error` says why its list is only what is known. */
      groups: z.array(modelGroupSchema),
      /** The default model ref (`provider/model`). */
      defaultModel: z.string(),
    }),
    description: 'Every provider’s models (listed by the provider, cached, plus typed-in ones).',
  },
  'providers.list': {
    input: empty,
    output: z.object({ providers: z.array(providerViewSchema) }),
    description: 'The model providers: built in, from the environment, added. Never a key.',
  },
  'providers.add': {
    input: providerAddSchema,
    output: providerViewSchema,
    description:
      'Adds a provider from a preset, with the name, URL and key the person gave (the key to the secret store); emits providers.changed.',
  },
  'providers.testDraft': {
    input: providerAddSchema,
    output: providerTestResultSchema,
    description:
      'Test before adding: asks a provider that does not exist yet (a preset with a URL and key) for its model list. Nothing is saved.',
  },
  'providers.update': {
    input: z.object({ id: providerIdSchema, patch: providerPatchSchema }).strict(),
    output: providerViewSchema,
    description: 'Changes a provider’s name, URL, typed-in models or image setting.',
  },
  'providers.remove': {
    input: z.object({ id: providerIdSchema }).strict(),
    output: z.object({}),
    description: 'Removes an added provider and forgets its key.',
  },
  'providers.setApiKey': {
    input: z.object({ id: providerIdSchema, apiKey: z.string().trim().min(1).max(512) }).strict(),
    output: providerViewSchema,
    description: 'Stores a provider’s key in the secret store. The key is never sent back.',
  },
  'providers.clearApiKey': {
    input: z.object({ id: providerIdSchema }).strict(),
    output: providerViewSchema,
    description: 'Forgets a provider’s stored key.',
  },
  'providers.test': {
    input: z.object({ id: providerIdSchema }).strict(),
    output: providerTestResultSchema,
    description: 'Test connection: asks the provider for its model list now.',
  },
} as const satisfies Record<string, RequestDef>;
