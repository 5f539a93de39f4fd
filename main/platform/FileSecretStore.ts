import { chmod, readFile } from 'node:fs/promises';
import type { SecretStore } from './PlatformServices';
import { SerialQueue } from './SerialQueue';
import { writeFileAtomic } from './writeFileAtomic';

/**
 * Secrets for the web shell and CLI: a JSON file readable only by its owner (0600) in the
 * data dir. The desktop app uses it too where it has no OS keychain (chooseElectronSecretStore).
 */
export class FileSecretStore implements SecretStore {
  readonly kind = 'file';
  readonly storage = 'privateFile';

  private readonly writes = new SerialQueue();

  constructor(private readonly file: string) {}

  async get(name: string): Promise<string | undefined> {
    const all = await this.readAll();
    return all[name];
  }

  set(name: string, value: string): Promise<void> {
    return this.writes.run(async () => {
      const all = await this.readAll();
      all[name] = value;
      await this.writeAll(all);
    });
  }

  async keys(): Promise<string[]> {
    return Object.keys(await this.readAll());
  }

  delete(name: string): Promise<void> {
    return this.writes.run(async () => {
      const all = await this.readAll();
      if (!(name in all)) return;
      const { [name]: _removed, ...rest } = all;
      await this.writeAll(rest);
    });
  }

  private async readAll(): Promise<Record<string, string>> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') out[k] = v;
    return out;
  }

  private async writeAll(all: Record<string, string>): Promise<void> {
    await writeFileAtomic(this.file, JSON.stringify(all, null, 2), 0o600);
    await chmod(this.file, 0o600);
  }
}
