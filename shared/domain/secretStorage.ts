import { z } from 'zod';

/**
 * Where this shell keeps secrets, so that every sentence the window says about it is true:
 * - `keychain`: encrypted with the OS keychain (the desktop app, Electron `safeStorage`);
 * - `privateFile`: a JSON file only the person's user can read (mode 0600: web shell and CLI);
 * - `memory`: held in memory only, gone when the process ends (conformance runs, tests).
 * More kinds may be added (a shell whose keychain is not available); the window treats one it
 * does not know as "the secret store", with no claim about it.
 */
export const secretStorageKindSchema = z.enum(['keychain', 'privateFile', 'memory']);
export type SecretStorageKind = z.infer<typeof secretStorageKindSchema>;
