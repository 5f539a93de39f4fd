import { z } from 'zod';
import { secretNameSchema } from './secretName';

/**
 * Where a server entry came from. An entry without `origin` was typed by the person (in the file
 * or the form). `registry` and `bundle` entries hold third-party text: their `${env:NAME}` and
 * `${secret:NAME}` references resolve only for the names listed in `env` and `secrets` (the ones
 * the person supplied or wired); `import` entries came from another app's file the person chose
 * and resolve like their own.
 */
export const SERVER_ORIGIN_KINDS = ['registry', 'bundle', 'import'] as const;
export type ServerOriginKind = (typeof SERVER_ORIGIN_KINDS)[number];

/** Origins whose text is a third party's: references resolve only when wired. */
export const THIRD_PARTY_ORIGINS = ['registry', 'bundle'] as const;
export type ThirdPartyOriginKind = (typeof THIRD_PARTY_ORIGINS)[number];

/** `sha256:` and 64 hex digits: the digest of the document or bundle that was installed. */
export const ORIGIN_DIGEST_PATTERN = /^sha256:[0-9a-fA-F]{64}$/;

/** An environment variable name a reference may carry (anything `${env:…}` can spell). */
export const ENV_NAME_PATTERN = /^[^}=\s]{1,200}$/;

export const serverOriginSchema = z.object({
  kind: z.enum(SERVER_ORIGIN_KINDS),
  /** The registry server's name, the bundle's name, or the app or file imported from. */
  name: z.string().min(1).max(500).optional(),
  version: z.string().min(1).max(200).optional(),
  digest: z.string().regex(ORIGIN_DIGEST_PATTERN).optional(),
  /** `${secret:NAME}` names this entry may read. */
  secrets: z.array(secretNameSchema).optional(),
  /** `${env:NAME}` names this entry may read. */
  env: z.array(z.string().regex(ENV_NAME_PATTERN)).optional(),
});
export type ServerOrigin = z.infer<typeof serverOriginSchema>;

/** The keys understood inside `origin`. */
export const ORIGIN_KEYS = ['kind', 'name', 'version', 'digest', 'secrets', 'env'] as const;

/** True when the entry's text came from a third party (a registry document, a bundle manifest). */
export function isThirdParty(
  origin: ServerOrigin | undefined,
): origin is ServerOrigin & { kind: ThirdPartyOriginKind } {
  return origin !== undefined && (THIRD_PARTY_ORIGINS as readonly string[]).includes(origin.kind);
}
