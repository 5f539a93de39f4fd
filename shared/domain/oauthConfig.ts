import { z } from 'zod';

/**
 * The `oauth` block of an HTTP server in the servers file (after `${env:NAME}` substitution).
 * Every field is optional: with none, the host discovers the authorization server and
 * registers itself dynamically.
 */
export const oauthConfigSchema = z.object({
  /** A pre-registered client id (skips dynamic registration). */
  clientId: z.string().min(1).optional(),
  /** Its secret, for confidential clients; write it as `${env:NAME}` to keep it out of the file. */
  clientSecret: z.string().min(1).optional(),
  /** Scopes to ask for; otherwise taken from the server's challenge or its metadata. */
  scopes: z.array(z.string().min(1)).optional(),
  /** A Client ID Metadata Document: an https URL with a path, used as the client_id. */
  clientMetadataUrl: z.url({ protocol: /^https$/ }).optional(),
  /** A fixed loopback port for the redirect (some pre-registered clients need an exact URI). */
  redirectPort: z.number().int().min(1).max(65_535).optional(),
});
export type OAuthConfig = z.infer<typeof oauthConfigSchema>;

/** Keys understood inside `oauth`; anything else is kept in the file and reported as unknown. */
export const OAUTH_CONFIG_KEYS: readonly (keyof OAuthConfig)[] = [
  'clientId',
  'clientSecret',
  'scopes',
  'clientMetadataUrl',
  'redirectPort',
];
