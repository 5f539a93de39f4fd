import { z } from 'zod';

/** The kind of store secrets are kept in (a SecretStore's own `storage`). */
export const secretStorageKindSchema = z.enum(['keychain', 'privateFile', 'memory']);
export type SecretStorageKind = z.infer<typeof secretStorageKindSchema>;

/**
 * Where this shell keeps secrets, so that every sentence the window says about it is true:
 * - `keychain`: encrypted with the OS keychain (Electron `safeStorage` with a real backend);
 * - `privateFile`: a JSON file only the person's user can read (mode 0600: the web shell and
 *   CLI always, the desktop app when there is no keychain). `why` says why the desktop app has
 *   none: Linux without a secret service (safeStorage's fixed-key `basic_text` backend, which is
 *   no keychain), or no safeStorage at all;
 * - `memory`: held in memory only, gone when the process ends (conformance runs, tests).
 * The window treats a kind it does not know as "the secret store", with no claim about it.
 */
export const secretStorageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('keychain') }).strict(),
  z
    .object({
      kind: z.literal('privateFile'),
      why: z.enum(['noSecretService', 'keychainUnavailable']).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('memory') }).strict(),
]);
export type SecretStorage = z.infer<typeof secretStorageSchema>;
