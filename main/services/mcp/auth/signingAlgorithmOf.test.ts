import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../../shared/errors';
import { signingAlgorithmOf } from './signingAlgorithmOf';

const pem = (type: 'rsa' | 'ec' | 'ed25519', namedCurve?: string) =>
  generateKeyPairSync(
    type as 'ec',
    {
      ...(type === 'rsa' ? { modulusLength: 2048 } : {}),
      ...(namedCurve ? { namedCurve } : {}),
    } as { namedCurve: string },
  )
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

describe('signingAlgorithmOf', () => {
  it('reads the algorithm from the key', () => {
    expect(signingAlgorithmOf(pem('rsa'))).toBe('RS256');
    expect(signingAlgorithmOf(pem('ec', 'P-256'))).toBe('ES256');
    expect(signingAlgorithmOf(pem('ec', 'P-384'))).toBe('ES384');
    expect(signingAlgorithmOf(pem('ed25519'))).toBe('EdDSA');
    const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      format: 'jwk',
    });
    expect(signingAlgorithmOf(jwk as Record<string, unknown>)).toBe('ES256');
  });

  it('refuses what is not a private key, without quoting it', () => {
    expect(() => signingAlgorithmOf('-----BEGIN NOTHING----- secret-ish')).toThrow(
      expect.objectContaining({
        code: AppErrorCode.Validation,
        message: expect.not.stringContaining('secret-ish') as unknown,
      }),
    );
  });
});
