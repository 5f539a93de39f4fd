import type {
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { webcrypto } from 'node:crypto';
import type { SecretStore } from '../../../platform/PlatformServices';

/** Tokens as kept for one server, with what is needed to judge them later. */
export interface StoredTokenRecord {
  tokens: StoredOAuthTokens;
  /** When they were saved (ms since epoch): `expires_in` counts from here. */
  savedAt: number;
  /** The MCP server URL they were obtained for; a different URL in the config ignores them. */
  serverUrl: string;
}

/** What the app may show about a server's sign-in (no secret in it). */
export interface OAuthSummary {
  signedIn: boolean;
  issuer?: string;
  scopes?: string[];
  /** When the access token expires (ms since epoch), if the server said. */
  expiresAt?: number;
}

type Kind = 'tokens' | 'clients' | 'verifier' | 'discovery' | 'state' | 'dpop';
const KINDS: readonly Kind[] = ['tokens', 'clients', 'verifier', 'discovery', 'state', 'dpop'];

/**
 * OAuth material per server, kept only in the {@link SecretStore} (OS keychain in the app):
 * tokens, client registrations keyed by authorization-server issuer, the PKCE code verifier,
 * discovery state, the expected `state` of the authorization in progress and the DPoP key. Keys look like
 * `oauth:<server>:tokens`. Writes are serialized so concurrent saves cannot lose each other
 * (the secret stores rewrite one file per change).
 */
export class OAuthStore {
  private queue: Promise<unknown> = Promise.resolve();
  /**
   * What was last read or written per key (`undefined` = known absent): the transports read the
   * tokens before every request, and all writes go through this store.
   */
  private readonly cache = new Map<string, string | undefined>();

  constructor(private readonly secrets: SecretStore) {}

  /**
   * The server's tokens. `fresh` reads the secret store itself rather than what this store last
   * saw: another process (the CLI) may have refreshed them meanwhile.
   */
  async tokens(
    server: string,
    options: { fresh?: boolean } = {},
  ): Promise<StoredTokenRecord | undefined> {
    if (options.fresh) this.cache.delete(key(server, 'tokens'));
    return this.read<StoredTokenRecord>(server, 'tokens');
  }

  saveTokens(server: string, record: StoredTokenRecord): Promise<void> {
    return this.write(server, 'tokens', record);
  }

  deleteTokens(server: string): Promise<void> {
    return this.remove(server, 'tokens');
  }

  /** The client registration made with the authorization server `issuer`, if any. */
  async client(server: string, issuer: string): Promise<StoredOAuthClientInformation | undefined> {
    const all = await this.read<Record<string, StoredOAuthClientInformation>>(server, 'clients');
    return all?.[issuer];
  }

  saveClient(server: string, issuer: string, info: StoredOAuthClientInformation): Promise<void> {
    return this.exclusive(async () => {
      const all =
        (await this.readNow<Record<string, StoredOAuthClientInformation>>(server, 'clients')) ?? {};
      all[issuer] = info;
      await this.setNow(key(server, 'clients'), JSON.stringify(all));
    });
  }

  /** Forgets the registration made with `issuer` (it names a redirect URI no longer used). */
  deleteClient(server: string, issuer: string): Promise<void> {
    return this.exclusive(async () => {
      const all = await this.readNow<Record<string, StoredOAuthClientInformation>>(
        server,
        'clients',
      );
      if (!all?.[issuer]) return;
      const rest = Object.fromEntries(Object.entries(all).filter(([name]) => name !== issuer));
      await this.setNow(key(server, 'clients'), JSON.stringify(rest));
    });
  }

  /** Forgets every registration of this server (all issuers). */
  deleteClients(server: string): Promise<void> {
    return this.remove(server, 'clients');
  }

  async codeVerifier(server: string): Promise<string | undefined> {
    return this.read<string>(server, 'verifier');
  }

  saveCodeVerifier(server: string, verifier: string): Promise<void> {
    return this.write(server, 'verifier', verifier);
  }

  deleteCodeVerifier(server: string): Promise<void> {
    return this.remove(server, 'verifier');
  }

  async discovery(server: string): Promise<OAuthDiscoveryState | undefined> {
    return this.read<OAuthDiscoveryState>(server, 'discovery');
  }

  saveDiscovery(server: string, state: OAuthDiscoveryState): Promise<void> {
    return this.write(server, 'discovery', state);
  }

  deleteDiscovery(server: string): Promise<void> {
    return this.remove(server, 'discovery');
  }

  /** The `state` sent with the authorization request in progress. */
  async expectedState(server: string): Promise<string | undefined> {
    return this.read<string>(server, 'state');
  }

  saveExpectedState(server: string, state: string): Promise<void> {
    return this.write(server, 'state', state);
  }

  deleteExpectedState(server: string): Promise<void> {
    return this.remove(server, 'state');
  }

  /** The private JWK the server's DPoP-bound tokens are bound to (RFC 9449). */
  async dpopKey(server: string): Promise<webcrypto.JsonWebKey | undefined> {
    return this.read<webcrypto.JsonWebKey>(server, 'dpop');
  }

  saveDpopKey(server: string, jwk: webcrypto.JsonWebKey): Promise<void> {
    return this.write(server, 'dpop', jwk);
  }

  /** Sign-out: everything this server had (tokens, registrations, pending authorization). */
  forget(server: string): Promise<void> {
    return this.exclusive(async () => {
      for (const kind of KINDS) await this.deleteNow(key(server, kind));
    });
  }

  /** What the app shows about the sign-in; tokens for another URL do not count. */
  async summary(server: string, serverUrl: string): Promise<OAuthSummary> {
    const record = await this.tokens(server);
    if (!record || record.serverUrl !== serverUrl) return { signedIn: false };
    const { tokens } = record;
    const summary: OAuthSummary = { signedIn: true };
    if (tokens.issuer) summary.issuer = tokens.issuer;
    const scopes = tokens.scope?.split(/\s+/).filter((s) => s !== '');
    if (scopes && scopes.length > 0) summary.scopes = scopes;
    if (tokens.expires_in !== undefined) {
      summary.expiresAt = record.savedAt + tokens.expires_in * 1000;
    }
    return summary;
  }

  /**
   * Resolves once the writes queued so far, and those they led to (a delete that queues the
   * next), reached the secret store: a CLI command calls it before the process exits.
   */
  async flush(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.queue;
      await seen.catch(() => undefined);
      await new Promise((resolve) => setImmediate(resolve));
    } while (seen !== this.queue);
  }

  /** Reads after the writes already queued, so a read never sees a half-applied sequence. */
  private async read<T>(server: string, kind: Kind): Promise<T | undefined> {
    await this.queue.catch(() => undefined);
    return this.readNow<T>(server, kind);
  }

  private async readNow<T>(server: string, kind: Kind): Promise<T | undefined> {
    const name = key(server, kind);
    let text: string | undefined;
    if (this.cache.has(name)) {
      text = this.cache.get(name);
    } else {
      text = await this.secrets.get(name);
      this.cache.set(name, text);
    }
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as T;
    } catch {
      // A damaged entry is as good as none: the flow starts over instead of failing forever.
      return undefined;
    }
  }

  private write(server: string, kind: Kind, value: unknown): Promise<void> {
    return this.exclusive(() => this.setNow(key(server, kind), JSON.stringify(value)));
  }

  private remove(server: string, kind: Kind): Promise<void> {
    return this.exclusive(() => this.deleteNow(key(server, kind)));
  }

  private async setNow(name: string, text: string): Promise<void> {
    this.cache.delete(name); // a failed write must not leave a value that was never stored
    await this.secrets.set(name, text);
    this.cache.set(name, text);
  }

  private async deleteNow(name: string): Promise<void> {
    this.cache.delete(name);
    await this.secrets.delete(name);
    this.cache.set(name, undefined);
  }

  private exclusive(work: () => Promise<void>): Promise<void> {
    const next = this.queue.catch(() => undefined).then(work);
    this.queue = next;
    return next;
  }
}

/** `oauth:<server>:<kind>`; the name is encoded so no server name can reach another's keys. */
export function oauthSecretKey(server: string, kind: string): string {
  return `oauth:${encodeURIComponent(server)}:${kind}`;
}

const key = (server: string, kind: Kind): string => oauthSecretKey(server, kind);
