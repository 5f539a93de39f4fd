import type { SecretStore } from './PlatformServices';

/**
 * Secrets held in this process only: for runs that must leave nothing behind (the conformance
 * client) and for tests. Never written anywhere.
 */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory';
  readonly storage = 'memory';
  private readonly values = new Map<string, string>();

  get(name: string): Promise<string | undefined> {
    return Promise.resolve(this.values.get(name));
  }

  set(name: string, value: string): Promise<void> {
    this.values.set(name, value);
    return Promise.resolve();
  }

  delete(name: string): Promise<void> {
    this.values.delete(name);
    return Promise.resolve();
  }

  keys(): Promise<string[]> {
    return Promise.resolve(this.names());
  }

  /** The names currently held (tests check what a sign-out left). */
  names(): string[] {
    return [...this.values.keys()];
  }
}
