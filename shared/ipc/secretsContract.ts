import { z } from 'zod';
import { MAX_SECRET_CHARS, secretNameSchema } from '../domain/secretName';
import { empty } from './contractSchemas';
import type { RequestDef } from './contract';

/** The secrets part of the contract: names of kept secrets, setting and forgetting one. */
export const secretsRequests = {
  'secrets.list': {
    input: empty,
    output: z.object({ names: z.array(z.string()) }),
    description:
      'Names of the secrets kept for ${secret:NAME} in the servers file, whoever stored them (never values).',
  },
  'secrets.set': {
    input: z
      .object({ name: secretNameSchema, value: z.string().min(1).max(MAX_SECRET_CHARS) })
      .strict(),
    output: z.object({ names: z.array(z.string()) }),
    description: 'Keeps a secret in the secret store under NAME (write-only: never read back).',
  },
  'secrets.delete': {
    input: z.object({ name: secretNameSchema }).strict(),
    output: z.object({ names: z.array(z.string()) }),
    description: 'Forgets a kept secret.',
  },
} as const satisfies Record<string, RequestDef>;
