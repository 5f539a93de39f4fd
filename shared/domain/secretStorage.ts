import { z } from 'zod';

/**
 * Where this shell keeps secrets, so every sentence about it is true: the OS keychain (Electron
 * `safeStorage` with a real backend), or a JSON file only the person's user can read (0600; the
 * web shell and CLI always, the desktop app when there is no keychain). `why` says why the
 * desktop app has no keychain: Linux without a secret service (safeStorage's fixed-key
 * `basic_text` backend, which is no keychain), or no safeStorage at all.
 */
export const secretStorageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('keychain') }).strict(),
  z
    .object({
      kind: z.literal('privateFile'),
      why: z.enum(['noSecretService', 'keychainUnavailable']).optional(),
    })
    .strict(),
]);
export type SecretStorage = z.infer<typeof secretStorageSchema>;
