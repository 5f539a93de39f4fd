import { createPrivateKey, type KeyObject } from 'node:crypto';
import type { SigningAlgorithm } from '../../../../shared/domain/oauthConfig';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { hostText } from '../../../../shared/text/hostText';

const CURVES: Record<string, SigningAlgorithm> = {
  prime256v1: 'ES256',
  secp384r1: 'ES384',
  secp521r1: 'ES512',
};

/**
 * The JWS algorithm a private key signs with when the config names none: RSA → RS256, RSA-PSS →
 * PS256, P-256/384/521 → ES256/384/512, Ed25519 → EdDSA. A key it cannot read or classify is a
 * VALIDATION error asking for `signingAlgorithm` (never quoting the key).
 */
export function signingAlgorithmOf(key: string | Record<string, unknown>): SigningAlgorithm {
  let parsed: KeyObject;
  try {
    parsed =
      typeof key === 'string' ? createPrivateKey(key) : createPrivateKey({ key, format: 'jwk' });
  } catch {
    throw new AppError(AppErrorCode.Validation, hostText('auth.notPrivateKey'));
  }
  const type = parsed.asymmetricKeyType;
  if (type === 'rsa') return 'RS256';
  if (type === 'rsa-pss') return 'PS256';
  if (type === 'ed25519') return 'EdDSA';
  const curve = parsed.asymmetricKeyDetails?.namedCurve;
  const alg = type === 'ec' && curve ? CURVES[curve] : undefined;
  if (alg) return alg;
  throw new AppError(
    AppErrorCode.Validation,
    hostText('auth.unknownKeyType', { type: type ?? '?' }),
  );
}
