import { z } from 'zod';

/**
 * How the host gets its access token:
 * - `authorization_code`: a person signs in in the browser (the default);
 * - `client_credentials`: the app is the client (a secret with client_secret_basic, or a private
 *   key with private_key_jwt); no person involved;
 * - `jwt_bearer`: workload identity federation — a JWT the platform issued to this workload is
 *   traded for an access token (RFC 7523);
 * - `enterprise`: enterprise-managed authorization — the organisation's identity provider
 *   exchanges the person's ID token for an identity assertion grant (ID-JAG, RFC 8693), which
 *   the server's authorization server trades for an access token (RFC 7523).
 */
export const OAUTH_GRANTS = [
  'authorization_code',
  'client_credentials',
  'jwt_bearer',
  'enterprise',
] as const;
export type OAuthGrant = (typeof OAUTH_GRANTS)[number];

/** JWS algorithms for a private_key_jwt client assertion. */
export const SIGNING_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const;
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];

/** The organisation's identity provider, for `grant: "enterprise"`. */
export const idpConfigSchema = z.object({
  /** The identity provider's issuer: its token endpoint is discovered from its metadata. */
  issuer: z.url().optional(),
  /** Its token endpoint, when it is not to be discovered. */
  tokenEndpoint: z.url().optional(),
  /** This app's client id at the identity provider. */
  clientId: z.string().min(1),
  /** Its secret at the identity provider, if it has one (`${secret:NAME}`). */
  clientSecret: z.string().min(1).optional(),
  /** The person's ID token from the identity provider (`${secret:NAME}`). */
  idToken: z.string().min(1),
});
export type IdpConfig = z.infer<typeof idpConfigSchema>;

/**
 * The `oauth` block of an HTTP server in the servers file (after `${env:NAME}` substitution;
 * `${secret:NAME}` stays as written and is read from the secret store when it is needed).
 * Every field is optional: with none, the host discovers the authorization server and
 * registers itself dynamically, and a person signs in in the browser.
 */
export const oauthConfigSchema = z.object({
  /** How the token is obtained; `authorization_code` when absent. */
  grant: z.enum(OAUTH_GRANTS).optional(),
  /** A pre-registered client id (skips dynamic registration). */
  clientId: z.string().min(1).optional(),
  /** Its secret, for confidential clients: `${secret:NAME}` (or `${env:NAME}`), not the value. */
  clientSecret: z.string().min(1).optional(),
  /** Scopes to ask for; otherwise taken from the server's challenge or its metadata. */
  scopes: z.array(z.string().min(1)).optional(),
  /** A Client ID Metadata Document: an https URL with a path, used as the client_id. */
  clientMetadataUrl: z.url({ protocol: /^https$/ }).optional(),
  /** A fixed loopback port for the redirect (some pre-registered clients need an exact URI). */
  redirectPort: z.number().int().min(1).max(65_535).optional(),
  /** `client_credentials` with private_key_jwt: the PEM (or JWK) private key, `${secret:NAME}`. */
  privateKey: z.string().min(1).optional(),
  /** Its JWS algorithm; when absent, taken from the key (RSA → RS256, P-256 → ES256, …). */
  signingAlgorithm: z.enum(SIGNING_ALGORITHMS).optional(),
  /** `jwt_bearer`: the workload's JWT, `${secret:NAME}`. */
  assertion: z.string().min(1).optional(),
  /** `jwt_bearer`: a file the platform keeps the workload's JWT in (read at each token request). */
  assertionFile: z.string().min(1).optional(),
  /** `enterprise`: the organisation's identity provider. */
  idp: idpConfigSchema.optional(),
  /**
   * DPoP-bound tokens (RFC 9449): `true` always, `false` never; when absent, used when the
   * authorization server offers them.
   */
  dpop: z.boolean().optional(),
});
export type OAuthConfig = z.infer<typeof oauthConfigSchema>;

/** Keys understood inside `oauth`; anything else is kept in the file and reported as unknown. */
export const OAUTH_CONFIG_KEYS: readonly (keyof OAuthConfig)[] = [
  'grant',
  'clientId',
  'clientSecret',
  'scopes',
  'clientMetadataUrl',
  'redirectPort',
  'privateKey',
  'signingAlgorithm',
  'assertion',
  'assertionFile',
  'idp',
  'dpop',
];

/** Keys understood inside `oauth.idp`. */
export const IDP_CONFIG_KEYS: readonly (keyof IdpConfig)[] = [
  'issuer',
  'tokenEndpoint',
  'clientId',
  'clientSecret',
  'idToken',
];

/** Fields that hold a secret: the file should name it (`${secret:NAME}`), not contain it. */
export const OAUTH_SECRET_FIELDS = ['clientSecret', 'privateKey', 'assertion'] as const;
export const IDP_SECRET_FIELDS = ['clientSecret', 'idToken'] as const;

/** The grant of a block (absent: the browser sign-in). */
export function grantOf(oauth: OAuthConfig | undefined): OAuthGrant {
  return oauth?.grant ?? 'authorization_code';
}
