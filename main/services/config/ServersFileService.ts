import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { ServerConfig } from '../../../shared/domain/serverConfig';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText, type HostText } from '../../../shared/text/hostText';
import type { Logger } from '../../platform/Logger';
import { writeFileAtomic } from '../../platform/writeFileAtomic';
import { fileProblem, type ConfigProblem } from './ConfigProblem';
import { addServersToText, removeServerFromText, setServerDisabledInText } from './editServersText';
import { decodeServersFile } from './decodeServersFile';
import { parseServersText } from './parseServersText';
import { readRawServer } from './readRawServer';
import { replaceServerInText } from './replaceServerInText';
import type { ServerEntry } from './ServerEntry';
import type { SaveTextResult, ServersFileState } from './ServersFileState';
import { envLookup, type EnvLookup } from '../base/substituteEnv';
import { validateServerEntry } from './validateServerEntry';
import { watchFileInDirectory, type FileWatch } from './watchFileInDirectory';

export interface ServersFileServiceOptions {
  /** Absolute path of the servers file (see resolveServersFile). */
  file: string;
  /** Variables for `${env:NAME}`; injected so tests and shells decide what is visible. */
  env: Readonly<Record<string, string | undefined>>;
  log: Logger;
  /** Quiet period after a file event before re-reading; editors emit bursts. */
  debounceMs?: number;
}

/** Listener for state changes; called after every load, save, edit or outside change. */
export type ServersFileListener = (state: ServersFileState) => void;

type DiskRead =
  | { kind: 'text'; text: string; warnings: ConfigProblem[] }
  | { kind: 'missing' }
  | { kind: 'error'; problem: ConfigProblem };

/** Larger than any real servers file; reading and parsing more would stall main for seconds. */
export const MAX_SERVERS_FILE_BYTES = 10 * 1024 * 1024;

// A new file may hold tokens (env values, headers): readable by its owner only.
const NEW_FILE_MODE = 0o600;

/**
 * Owns the servers file: loads and validates it, watches it for outside edits, and writes it
 * only on an explicit save or structured edit (atomically, keeping unknown keys and formatting).
 * All reads and writes run one at a time, so a save and a reload can never interleave.
 */
export class ServersFileService {
  private current: ServersFileState;
  private lastGood: ServerConfig[] = [];
  private readonly listeners = new Set<ServersFileListener>();
  private readonly env: EnvLookup;
  private queue: Promise<unknown> = Promise.resolve();
  private watch: FileWatch | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(private readonly options: ServersFileServiceOptions) {
    this.env = envLookup(options.env);
    this.current = {
      file: options.file,
      exists: false,
      text: '',
      hash: hashOf(''),
      servers: [],
      valid: true,
      errors: [],
      warnings: [],
    };
  }

  /** The current state (a snapshot; it is replaced, never mutated). */
  get state(): ServersFileState {
    return this.current;
  }

  /** Subscribes to state changes; returns the unsubscribe function. */
  onDidChange(listener: ServersFileListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts watching, then loads. Watching first means no edit can slip in between. */
  async start(): Promise<ServersFileState> {
    if (!this.watch && !this.disposed) {
      this.watch = watchFileInDirectory(
        this.options.file,
        () => this.scheduleReload(),
        this.options.log,
      );
    }
    return this.load();
  }

  /** Reads the file now (no watching); for one-shot use such as the CLI, or a manual reload. */
  load(): Promise<ServersFileState> {
    return this.enqueue(() => this.readAndApply(true));
  }

  /**
   * Checks a text as a save would (syntax, schema, environment references), in text order,
   * without writing or applying anything: the editor's live problems, as the person types.
   */
  validateText(text: string): ConfigProblem[] {
    const parsed = parseServersText(text, this.env);
    return [...parsed.errors, ...parsed.warnings].toSorted((a, b) => a.offset - b.offset);
  }

  /**
   * Saves the in-app editor's text. Text that is not JSON is refused and nothing is written.
   * Valid JSON with schema errors is saved (the person's work is kept) and the new state
   * carries the errors, exactly as if they had saved it from another editor. With
   * `expectedHash` (the `hash` the editor loaded), a file changed on disk meanwhile is not
   * overwritten: the result is a `conflict` and the state shows the file's new text.
   */
  saveText(text: string, options: { expectedHash?: string } = {}): Promise<SaveTextResult> {
    return this.enqueue(async (): Promise<SaveTextResult> => {
      const syntax = parseServersText(text, this.env).errors.filter((p) => p.kind === 'syntax');
      if (syntax.length > 0) {
        return { saved: false, reason: 'invalid', errors: syntax, state: this.current };
      }
      // Compare with the disk, not with what we last saw: an unseen outside edit counts.
      const onDisk = await this.catchUp();
      if (options.expectedHash !== undefined) {
        if (onDisk.hash !== options.expectedHash) {
          return {
            saved: false,
            reason: 'conflict',
            errors: [fileProblem('conflict', hostText('config.changedOnDisk'))],
            state: this.current,
          };
        }
      }
      if (!onDisk.exists || text !== onDisk.text) await this.write(text);
      // Saving the emptied file as it is, is how the person confirms it: now it applies.
      else if (this.current.errors.some((p) => p.kind === 'emptied'))
        this.apply({ text, exists: true, explicit: true });
      return { saved: true, state: this.current };
    });
  }

  /** Enables or disables one server in the file (other bytes untouched). */
  setServerDisabled(name: string, disabled: boolean): Promise<ServersFileState> {
    return this.edit((text) => setServerDisabledInText(text, name, disabled));
  }

  /**
   * Adds servers (from import). Refuses names already present and entries that would make the
   * file invalid; a `${env:NAME}` not set yet is allowed and shows up as the file's error.
   */
  addServers(servers: Readonly<Record<string, ServerEntry>>): Promise<ServersFileState> {
    const invalid = this.invalidEntries(servers, hostText('config.cannotAdd'));
    if (invalid) return Promise.reject(invalid);
    return this.edit((text) => addServersToText(text, servers));
  }

  /**
   * Replaces one server's entry, optionally renaming it, in place (the server form). The same
   * checks as {@link addServers}: an entry that would make the file invalid is refused.
   */
  replaceServer(
    name: string,
    entry: ServerEntry,
    newName: string = name,
  ): Promise<ServersFileState> {
    const invalid = this.invalidEntries(
      { [newName]: entry },
      hostText('config.cannotSaveServer', { name: newName }),
    );
    if (invalid) return Promise.reject(invalid);
    return this.edit((text) => replaceServerInText(text, name, entry, newName));
  }

  /** One server's entry as written in the file now (unknown keys included), if it is there. */
  rawServer(name: string): ServerEntry | undefined {
    return readRawServer(this.current.text, name);
  }

  /** Removes one server from the file. */
  removeServer(name: string): Promise<ServersFileState> {
    return this.edit((text) => removeServerFromText(text, name));
  }

  /** Stops watching and forgets listeners; pending saves still complete. */
  dispose(): void {
    this.disposed = true;
    this.watch?.close();
    this.watch = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.listeners.clear();
  }

  private invalidEntries(
    servers: Readonly<Record<string, ServerEntry>>,
    what: HostText,
  ): AppError | undefined {
    const problems: ConfigProblem[] = [];
    for (const [name, entry] of Object.entries(servers)) {
      problems.push(...validateServerEntry(name, entry, this.env).errors);
    }
    const [first, ...others] = problems;
    if (!first) return undefined;
    const text =
      others.length > 0
        ? hostText('config.invalidMore', { what, reason: first.text, more: others.length })
        : hostText('config.invalid', { what, reason: first.text });
    return new AppError(AppErrorCode.Validation, text, { problems });
  }

  private scheduleReload(): void {
    if (this.disposed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.disposed) return;
      this.enqueue(() => this.readAndApply(false)).catch((error: unknown) => {
        this.options.log.error('servers file reload failed', { error });
      });
    }, this.options.debounceMs ?? 100);
  }

  /** Structured edit: always applied to what is on disk now, so outside edits are never lost. */
  private edit(transform: (text: string) => string): Promise<ServersFileState> {
    return this.enqueue(async () => {
      const onDisk = await this.catchUp();
      if (onDisk.errors.some((p) => p.kind === 'io')) {
        throw new AppError(AppErrorCode.Internal, onDisk.errors[0]?.message ?? 'cannot read');
      }
      // Editing the empty text would drop the servers still running from it without a word.
      const pending = onDisk.errors.find((p) => p.kind === 'emptied' || p.kind === 'too-large');
      if (pending) throw new AppError(AppErrorCode.Validation, pending.text);
      const next = transform(onDisk.text);
      if (next !== onDisk.text || !onDisk.exists) await this.write(next);
      return this.current;
    });
  }

  /** Re-reads the file and applies it if it differs from what we know. */
  private catchUp(): Promise<ServersFileState> {
    return this.readAndApply(false);
  }

  private async readAndApply(force: boolean): Promise<ServersFileState> {
    const disk = await this.readDisk();
    if (disk.kind === 'error') {
      const same = this.current.errors[0]?.message === disk.problem.message;
      if (!same || force) this.apply({ text: '', exists: true, errors: [disk.problem] });
      return this.current;
    }
    const text = disk.kind === 'text' ? disk.text : '';
    const exists = disk.kind === 'text';
    const unchanged =
      exists === this.current.exists &&
      hashOf(text) === this.current.hash &&
      !this.current.errors.some((p) => p.kind === 'io' || p.kind === 'too-large');
    // Our own writes and repeated events land here: nothing new, nothing to announce.
    if (unchanged && !force) return this.current;
    this.apply({ text, exists, warnings: disk.kind === 'text' ? disk.warnings : [] });
    return this.current;
  }

  /**
   * `explicit`: the person saved or edited in the app. Anything else is the disk changing, and
   * a file that became empty (or vanished) while servers were configured is then more likely an
   * accident (a sync tool, a truncating editor) than a wish to stop them all: they keep running
   * and the person is asked, through the problem, to restore the file or save it empty.
   */
  private apply(input: {
    text: string;
    exists: boolean;
    errors?: ConfigProblem[];
    warnings?: ConfigProblem[];
    explicit?: boolean;
  }): void {
    const emptied =
      !input.errors && !input.explicit && input.text.trim() === '' && this.lastGood.length > 0;
    const parsed = input.errors
      ? { servers: [], errors: input.errors, warnings: [] }
      : emptied
        ? {
            servers: [],
            errors: [emptiedProblem(input.exists, this.lastGood.length)],
            warnings: [],
          }
        : parseServersText(input.text, this.env);
    parsed.warnings = [...(input.warnings ?? []), ...parsed.warnings];
    const valid = parsed.errors.length === 0;
    if (valid) this.lastGood = parsed.servers;
    this.current = {
      file: this.options.file,
      exists: input.exists,
      text: input.text,
      hash: hashOf(input.text),
      servers: this.lastGood,
      valid,
      errors: parsed.errors,
      warnings: parsed.warnings,
    };
    const log = this.options.log;
    if (valid)
      log.info('servers file loaded', { servers: parsed.servers.length, exists: input.exists });
    else
      log.warn('servers file rejected; keeping the last good config', {
        errors: parsed.errors.length,
      });
    for (const listener of this.listeners) {
      try {
        listener(this.current);
      } catch (error) {
        log.error('servers file listener failed', { error });
      }
    }
  }

  private async write(text: string): Promise<void> {
    // Write through a symlink (dotfile setups) instead of replacing the link with a file,
    // and keep the file's permissions: it may hold tokens.
    const target = await realpath(this.options.file).catch(() => this.options.file);
    const mode = await stat(target).then(
      (s) => s.mode & 0o777,
      () => NEW_FILE_MODE,
    );
    try {
      await writeFileAtomic(target, text, mode);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AppError(AppErrorCode.Internal, `could not save the servers file: ${reason}`);
    }
    this.apply({ text, exists: true, explicit: true });
  }

  private async readDisk(): Promise<DiskRead> {
    try {
      const { size } = await stat(this.options.file);
      if (size > MAX_SERVERS_FILE_BYTES) {
        const mib = (size / 1024 / 1024).toFixed(1);
        const limit = String(MAX_SERVERS_FILE_BYTES / 1024 / 1024);
        const message = hostText('config.fileTooLarge', { mib, limit });
        return { kind: 'error', problem: fileProblem('too-large', message) };
      }
      return { kind: 'text', ...decodeServersFile(await readFile(this.options.file)) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
      const reason = error instanceof Error ? error.message : String(error);
      return {
        kind: 'error',
        problem: fileProblem('io', hostText('config.cannotRead', { detail: reason })),
      };
    }
  }

  private enqueue<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.queue.then(operation, operation);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function hashOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function emptiedProblem(exists: boolean, servers: number): ConfigProblem {
  return fileProblem(
    'emptied',
    hostText('config.emptied', {
      what: hostText(exists ? 'config.becameEmpty' : 'config.wasDeleted'),
      count:
        servers === 1
          ? hostText('config.oneServerKept')
          : hostText('config.serversKept', { count: servers }),
    }),
  );
}
