import { readFile, rename } from 'node:fs/promises';
import {
  defaultSettings,
  storedSettingsSchema,
  type SettingsPatch,
  type SettingsSnapshot,
  type StoredSettings,
} from '../../../shared/domain/settings';
import type { Logger } from '../../platform/Logger';
import type { SecretStore } from '../../platform/PlatformServices';
import { SerialQueue } from '../../platform/SerialQueue';
import { writeFileAtomic } from '../../platform/writeFileAtomic';
import type { HostEvents } from '../base/HostEvents';

export const API_KEY_SECRET = 'anthropic.apiKey';

export interface SettingsServiceOptions {
  file: string;
  secrets: SecretStore;
  events: HostEvents;
  env: Readonly<Record<string, string | undefined>>;
  log: Logger;
}

/** Owns settings.json and the API key. The key only ever leaves through `getApiKey()` in main. */
export class SettingsService {
  private settings: StoredSettings = defaultSettings;
  /**
   * The key in the secret store, read once by `load()` and kept in step by `setApiKey` and
   * `clearApiKey` (this service is its only writer). Reading the store on every turn cost about
   * 1 ms of each reply's time to first token (a file read, plus a decryption in the desktop app).
   */
  private storedKey: string | undefined;
  /** The last snapshot and the settings it was made of. */
  private kept: { settings: StoredSettings; snapshot: Readonly<SettingsSnapshot> } | undefined;
  private readonly writes = new SerialQueue();

  constructor(private readonly options: SettingsServiceOptions) {}

  async load(): Promise<void> {
    this.settings = await this.readFile();
    this.storedKey = await this.options.secrets.get(API_KEY_SECRET);
  }

  /** The settings as they are now (frozen: kept while nothing changes; every turn asks). */
  snapshot(): Readonly<SettingsSnapshot> {
    const apiKeySource =
      this.storedKey !== undefined
        ? 'secret-store'
        : this.options.env.ANTHROPIC_API_KEY
          ? 'environment'
          : 'none';
    const kept = this.kept;
    if (kept?.settings === this.settings && kept.snapshot.apiKeySource === apiKeySource) {
      return kept.snapshot;
    }
    const snapshot = Object.freeze({ ...this.settings, apiKeySource });
    this.kept = { settings: this.settings, snapshot };
    return snapshot;
  }

  /**
   * Queued: each change is made on top of the one before it, so two made at once (a theme
   * clicked while the language is still being saved) both land.
   */
  update(patch: SettingsPatch): Promise<SettingsSnapshot> {
    return this.writes.run(async () => {
      const next = storedSettingsSchema.parse({ ...this.settings, ...patch });
      await writeFileAtomic(this.options.file, JSON.stringify(next, null, 2) + '\n');
      this.settings = next;
      return this.changed();
    });
  }

  async setApiKey(apiKey: string): Promise<SettingsSnapshot> {
    await this.options.secrets.set(API_KEY_SECRET, apiKey);
    this.storedKey = apiKey;
    this.options.log.info('api key stored', { store: this.options.secrets.kind });
    return this.changed();
  }

  async clearApiKey(): Promise<SettingsSnapshot> {
    await this.options.secrets.delete(API_KEY_SECRET);
    this.storedKey = undefined;
    return this.changed();
  }

  /** For main-side services only (the model client). */
  getApiKey(): Promise<string | undefined> {
    return Promise.resolve(this.currentApiKey());
  }

  /** The key as it is now (stored, else `ANTHROPIC_API_KEY`); main-side services only. */
  currentApiKey(): string | undefined {
    return this.storedKey ?? this.options.env.ANTHROPIC_API_KEY;
  }

  private changed(): SettingsSnapshot {
    const snapshot = this.snapshot();
    this.options.events.emit('settings.changed', snapshot);
    return snapshot;
  }

  private async readFile(): Promise<StoredSettings> {
    let text: string;
    try {
      text = await readFile(this.options.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return defaultSettings;
      throw error;
    }
    try {
      // Missing keys take defaults so older files keep working.
      const parsed = storedSettingsSchema.safeParse({ ...defaultSettings, ...JSON.parse(text) });
      if (parsed.success) return parsed.data;
      this.options.log.warn('settings file invalid; using defaults', {
        issues: parsed.error.issues.map((i) => i.message),
      });
    } catch (error) {
      this.options.log.warn('settings file is not JSON; using defaults', { error });
    }
    // Keep the unreadable file for the person instead of overwriting it on the next save.
    await rename(this.options.file, `${this.options.file}.invalid-${Date.now()}`).catch(() => {});
    return defaultSettings;
  }
}
