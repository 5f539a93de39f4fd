import { describe, expect, it } from 'vitest';
import { CONFORMANCE_CLIENT_METADATA_URL, conformanceOAuth } from './conformanceOAuth';

describe('conformanceOAuth: the oauth block a person would write for each scenario', () => {
  it('uses the browser sign-in with the metadata document, pre-registered when given', () => {
    expect(conformanceOAuth('auth/metadata-default', { toolCalls: [] })).toEqual({
      oauth: { clientMetadataUrl: CONFORMANCE_CLIENT_METADATA_URL },
      secrets: {},
    });
    expect(
      conformanceOAuth('auth/pre-registration', {
        toolCalls: [],
        clientId: 'id',
        clientSecret: 's',
      }),
    ).toEqual({
      oauth: {
        clientMetadataUrl: CONFORMANCE_CLIENT_METADATA_URL,
        clientId: 'id',
        clientSecret: '${secret:conformance-client-secret}',
      },
      secrets: { 'conformance-client-secret': 's' },
    });
  });

  it('maps each extension’s credentials to its grant, secrets only in the store', () => {
    const base = { toolCalls: [], clientId: 'id' };
    expect(
      conformanceOAuth('auth/client-credentials-basic', { ...base, clientSecret: 's' }),
    ).toEqual({
      oauth: {
        grant: 'client_credentials',
        clientId: 'id',
        clientSecret: '${secret:conformance-client-secret}',
      },
      secrets: { 'conformance-client-secret': 's' },
    });
    expect(
      conformanceOAuth('auth/client-credentials-jwt', {
        ...base,
        privateKeyPem: 'PEM',
        signingAlgorithm: 'ES256',
      }).oauth,
    ).toEqual({
      grant: 'client_credentials',
      clientId: 'id',
      privateKey: '${secret:conformance-client-key}',
      signingAlgorithm: 'ES256',
    });
    expect(conformanceOAuth('auth/wif-jwt-bearer', { ...base, workloadJwt: 'JWT' })).toEqual({
      oauth: {
        grant: 'jwt_bearer',
        clientId: 'id',
        assertion: '${secret:conformance-workload-jwt}',
      },
      secrets: { 'conformance-workload-jwt': 'JWT' },
    });
    const enterprise = conformanceOAuth('auth/enterprise-managed-authorization', {
      ...base,
      clientSecret: 's',
      idp: { clientId: 'idp', idToken: 'ID', tokenEndpoint: 'http://127.0.0.1:1/token' },
    });
    expect(enterprise.oauth).toEqual({
      grant: 'enterprise',
      clientId: 'id',
      clientSecret: '${secret:conformance-client-secret}',
      idp: {
        clientId: 'idp',
        tokenEndpoint: 'http://127.0.0.1:1/token',
        idToken: '${secret:conformance-id-token}',
      },
    });
    expect(JSON.stringify(enterprise.oauth)).not.toContain('"ID"');
  });
});
