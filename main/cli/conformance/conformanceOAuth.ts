import { SIGNING_ALGORITHMS, type OAuthConfig } from '../../../shared/domain/oauthConfig';
import type { ConformanceContext } from './parseConformanceContext';

/**
 * The Client ID Metadata Document URL the suite's CIMD scenario expects a client to present
 * (the suite's own reference client uses it; the document is never fetched).
 */
export const CONFORMANCE_CLIENT_METADATA_URL =
  'https://conformance-test.local/client-metadata.json';

/** An `oauth` block and the secret store entries it refers to. */
export interface ConformanceOAuth {
  oauth: OAuthConfig;
  /** Secret name → value, stored before the run (the block says `${secret:NAME}`). */
  secrets: Record<string, string>;
}

/**
 * What a person would write in `servers.json` (and keep in the secret store) for the server of
 * an authorization scenario: the suite hands over credentials in its context, and they go the
 * way a configured server's do — the block names secrets, the secret store holds them. The
 * grant follows the credentials given (a private key, a workload JWT, an identity provider);
 * `auth/client-credentials-basic` hands over the same id and secret as a pre-registered
 * browser client, so only its name tells them apart.
 */
export function conformanceOAuth(scenario: string, context: ConformanceContext): ConformanceOAuth {
  const { clientId, clientSecret } = context;
  const id = clientId !== undefined ? { clientId } : {};
  if (context.privateKeyPem !== undefined) {
    const alg = SIGNING_ALGORITHMS.find((a) => a === context.signingAlgorithm);
    return {
      oauth: {
        grant: 'client_credentials',
        ...id,
        privateKey: '${secret:conformance-client-key}',
        ...(alg ? { signingAlgorithm: alg } : {}),
      },
      secrets: { 'conformance-client-key': context.privateKeyPem },
    };
  }
  if (context.workloadJwt !== undefined) {
    return {
      oauth: { grant: 'jwt_bearer', ...id, assertion: '${secret:conformance-workload-jwt}' },
      secrets: { 'conformance-workload-jwt': context.workloadJwt },
    };
  }
  const secret =
    clientSecret !== undefined ? { clientSecret: '${secret:conformance-client-secret}' } : {};
  const secrets: Record<string, string> =
    clientSecret !== undefined ? { 'conformance-client-secret': clientSecret } : {};
  if (context.idp !== undefined) {
    const { idToken, ...idp } = context.idp;
    return {
      oauth: {
        grant: 'enterprise',
        ...id,
        ...secret,
        idp: { ...idp, idToken: '${secret:conformance-id-token}' },
      },
      secrets: { ...secrets, 'conformance-id-token': idToken },
    };
  }
  if (scenario === 'auth/client-credentials-basic') {
    return { oauth: { grant: 'client_credentials', ...id, ...secret }, secrets };
  }
  return {
    oauth: { clientMetadataUrl: CONFORMANCE_CLIENT_METADATA_URL, ...id, ...secret },
    secrets,
  };
}
