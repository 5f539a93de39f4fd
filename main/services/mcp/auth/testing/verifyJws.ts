import { createHash, createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';

/** A compact JWS that verified: its header and claims. */
export interface VerifiedJws {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
}

/**
 * Verifies a compact JWS (ES256 or RS256, the algorithms the tests use) with `key`, or with the
 * `jwk` its own header carries when `key` is `'embedded'` (DPoP proofs). Undefined when it does
 * not verify. Test code: no expiry or audience rules here, the caller checks the claims it needs.
 */
export function verifyJws(token: string, key: KeyObject | 'embedded'): VerifiedJws | undefined {
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return undefined;
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as Record<string, unknown>;
    claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const publicKey =
    key === 'embedded' ? createPublicKey({ key: header.jwk as JsonWebKey, format: 'jwk' }) : key;
  const data = Buffer.from(`${h}.${p}`);
  const signature = Buffer.from(s, 'base64url');
  const ok =
    header.alg === 'ES256'
      ? verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)
      : header.alg === 'RS256' && verify('sha256', data, publicKey, signature);
  return ok ? { header, claims } : undefined;
}

/** RFC 7638 thumbprint of a P-256 public JWK. */
export function jwkThumbprint(jwk: Record<string, unknown>): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** RFC 9449 `ath`: base64url SHA-256 of the access token. */
export function accessTokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
