import { createHash, webcrypto } from 'node:crypto';

type JsonWebKey = webcrypto.JsonWebKey;
import {
  DpopSession,
  generateDpopKeyPair,
  type DpopKeyPair,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { OAuthStore } from './OAuthStore';

/** The curve and algorithm of our DPoP keys (ES256: what every DPoP server must accept). */
const ALG = 'ES256';
const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/**
 * The DPoP signing key of one server's tokens (RFC 9449), and when to use it. Tokens are bound
 * to the key (`cnf.jkt`), and the tokens outlive the process (secret store), so the key does
 * too: it is generated once, kept as a private JWK in the secret store next to the tokens, and
 * dropped with them on sign-out.
 *
 * `mode` is the config's `dpop`: `true` always, `false` never, absent when the authorization
 * server offers it (`dpop_signing_alg_values_supported` with ES256 in its metadata) or tokens
 * already are DPoP-bound. One {@link DpopSession} per provider, as the SDK asks: it also holds
 * the servers' nonces.
 */
export class DpopKeys {
  private session: Promise<DpopSession> | undefined;

  constructor(
    private readonly server: string,
    private readonly store: OAuthStore,
    private readonly mode: boolean | undefined,
  ) {}

  /** The session to sign with, or undefined for plain Bearer tokens. */
  async forRequest(): Promise<DpopSession | undefined> {
    if (this.mode === false) return undefined;
    if (this.mode === true || this.session || (await this.offered())) return this.open();
    return undefined;
  }

  /** Forgets the session (the key itself goes with the store's `forget`). */
  reset(): void {
    this.session = undefined;
  }

  private async offered(): Promise<boolean> {
    const record = await this.store.tokens(this.server);
    if (isDpopBound(record?.tokens)) return true;
    const metadata = (await this.store.discovery(this.server))?.authorizationServerMetadata;
    const algs = (metadata as { dpop_signing_alg_values_supported?: unknown } | undefined)
      ?.dpop_signing_alg_values_supported;
    return Array.isArray(algs) && algs.includes(ALG);
  }

  private open(): Promise<DpopSession> {
    this.session ??= this.load().catch((error: unknown) => {
      this.session = undefined;
      throw error;
    });
    return this.session;
  }

  private async load(): Promise<DpopSession> {
    const stored = await this.store.dpopKey(this.server);
    if (stored) return DpopSession.create({ keyPair: await importKeyPair(stored) });
    const keyPair = await generateDpopKeyPair({ alg: ALG, extractable: true });
    const jwk = await webcrypto.subtle.exportKey('jwk', keyPair.privateKey);
    await this.store.saveDpopKey(this.server, jwk);
    return DpopSession.create({ keyPair: { ...keyPair, privateKey: await importPrivate(jwk) } });
  }
}

function isDpopBound(tokens: StoredOAuthTokens | undefined): boolean {
  return tokens?.token_type.toLowerCase() === 'dpop';
}

/** A stored private JWK back to a signing key pair (the private key not extractable again). */
async function importKeyPair(jwk: JsonWebKey): Promise<DpopKeyPair> {
  const { crv, kty, x, y } = jwk;
  if (kty !== 'EC' || crv !== 'P-256' || !x || !y) {
    throw new Error('The stored DPoP key is not a P-256 key');
  }
  const publicJwk = { crv, kty, x, y };
  return {
    privateKey: await importPrivate(jwk),
    publicKey: await webcrypto.subtle.importKey('jwk', publicJwk, EC, true, ['verify']),
    publicJwk,
    thumbprint: thumbprintOf(publicJwk),
    alg: ALG,
  };
}

function importPrivate(jwk: JsonWebKey): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey('jwk', jwk, EC, false, ['sign']);
}

/** RFC 7638: SHA-256 over the required members in lexicographic order, base64url. */
function thumbprintOf(jwk: { crv: string; kty: string; x: string; y: string }): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}
