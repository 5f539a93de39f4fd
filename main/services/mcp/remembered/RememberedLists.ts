import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerConfig } from '../../../../shared/domain/serverConfig';
import type { Logger } from '../../../platform/Logger';
import { serverFileName } from '../serverFileName';
import { SerialQueue } from '../../../platform/SerialQueue';
import type { Prompt, ResourceTemplate, Tool } from '../session/mcpTypes';
import { definitionDigest } from './definitionDigest';
import {
  fromFile,
  rememberedFileSchema,
  type RememberedFile,
  type RememberedList,
} from './RememberedList';
import { rememberKey } from './rememberKey';

/** A file larger than this is not read (a catalogue of 1,000 tools is a few hundred KiB). */
const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** What a process learned from a connected server; lists left out keep what was remembered. */
export interface Learned {
  tools?: readonly Tool[];
  prompts?: readonly Prompt[];
  resourceTemplates?: readonly ResourceTemplate[];
  serverInfo?: { name: string; version: string; title?: string | undefined } | undefined;
  protocolVersion?: string;
  instructions?: string | undefined;
  capabilities?: Record<string, unknown>;
}

/**
 * The tool lists (and prompts, resource templates) of servers as they were the last time any
 * process on this data folder connected them, one file per server entry in
 * `<data>/remembered/`. A list is valid only for the entry it was learned from (see
 * rememberKey); each definition carries its digest, checked again on load, so a file that was
 * tampered with or torn is ignored rather than believed. Servers and these files are
 * untrusted: only the shape the host relies on is checked, everything else kept as listed.
 */
export class RememberedLists {
  private readonly lists = new Map<string, RememberedList>();
  private readonly queues = new Map<string, SerialQueue>();

  constructor(private readonly options: { dir: string; log: Logger; now?: () => number }) {}

  /** Reads every remembered list; unreadable files are logged and skipped. */
  async load(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.options.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.options.log.warn('remembered lists unreadable', { error });
      }
      return;
    }
    const files = names.filter((name) => name.endsWith('.json') && !name.startsWith('.'));
    const lists = await Promise.all(files.map((name) => this.read(join(this.options.dir, name))));
    for (const list of lists) if (list) this.lists.set(list.server, list);
  }

  /** The list remembered for this entry, if any was learned for it as it is configured now. */
  get(config: ServerConfig): RememberedList | undefined {
    const list = this.lists.get(config.name);
    return list && list.key === rememberKey(config) ? list : undefined;
  }

  /**
   * Keeps what a process learned from the connected server (merged with what was remembered
   * for the same entry) and writes it. Resolves with the new list.
   */
  learn(config: ServerConfig, learned: Learned): Promise<RememberedList> {
    return this.queue(config.name).run(async () => {
      const previous = this.get(config);
      const now = this.options.now?.() ?? Date.now();
      const file = toFile(config, learned, previous, now);
      const list = fromFile(file);
      this.lists.set(config.name, list);
      await this.write(this.fileOf(config.name), JSON.stringify(file) + '\n');
      return list;
    });
  }

  /** Forgets a server's list (its entry was removed); its file goes too. */
  forget(name: string): Promise<void> {
    return this.queue(name).run(async () => {
      this.lists.delete(name);
      await rm(this.fileOf(name), { force: true });
    });
  }

  /**
   * Written aside and renamed into place, so a reader sees the old list or the new one. Not
   * synced to disk: a list lost to a power cut is learned again at the next connect, and
   * thirty servers connecting at once should not wait on sixty fsyncs.
   */
  private async write(path: string, text: string): Promise<void> {
    await mkdir(this.options.dir, { recursive: true });
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, text, { mode: 0o600 });
    try {
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  private async read(path: string): Promise<RememberedList | undefined> {
    try {
      if ((await stat(path)).size > MAX_FILE_BYTES) throw new Error('file too large');
      const parsed = rememberedFileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'invalid');
      const file = parsed.data;
      const all = [...file.tools, ...file.prompts, ...file.resourceTemplates];
      // A definition whose digest does not match was changed after it was written.
      if (all.some((e) => definitionDigest(e.definition) !== e.digest)) {
        throw new Error('a definition does not match its digest');
      }
      if (path !== this.fileOf(file.server)) throw new Error('named for another server');
      return fromFile(file);
    } catch (error) {
      this.options.log.warn('ignoring a remembered list', { file: path, error });
      return undefined;
    }
  }

  private fileOf(name: string): string {
    return join(this.options.dir, serverFileName(name, '.json'));
  }

  private queue(name: string): SerialQueue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new SerialQueue();
      this.queues.set(name, queue);
    }
    return queue;
  }
}

function jsonCopy(value: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

function toFile(
  config: ServerConfig,
  learned: Learned,
  previous: RememberedList | undefined,
  now: number,
): RememberedFile {
  const entries = (list: readonly { name: string }[]) =>
    list.map((definition) => {
      // A plain JSON copy: what is written is exactly what the digest covers.
      const copy = JSON.parse(JSON.stringify(definition)) as {
        name: string;
        inputSchema?: unknown;
      };
      return { digest: definitionDigest(copy), definition: copy };
    });
  const serverInfo = learned.serverInfo ?? previous?.serverInfo;
  const instructions = 'instructions' in learned ? learned.instructions : previous?.instructions;
  const protocolVersion = learned.protocolVersion ?? previous?.protocolVersion;
  const capabilities = learned.capabilities ?? previous?.capabilities;
  return {
    version: 1,
    server: config.name,
    key: rememberKey(config),
    learnedAt: now,
    ...(serverInfo
      ? {
          serverInfo: {
            name: serverInfo.name,
            version: serverInfo.version,
            ...(serverInfo.title ? { title: serverInfo.title } : {}),
          },
        }
      : {}),
    ...(protocolVersion ? { protocolVersion } : {}),
    ...(instructions ? { instructions } : {}),
    ...(capabilities ? { capabilities: jsonCopy(capabilities) } : {}),
    tools: entries(learned.tools ?? previous?.tools ?? []) as RememberedFile['tools'],
    prompts: entries(learned.prompts ?? previous?.prompts ?? []),
    resourceTemplates: entries(
      learned.resourceTemplates ?? previous?.resourceTemplates ?? [],
    ) as RememberedFile['resourceTemplates'],
  };
}
