import { stat } from 'node:fs/promises';
import { basename, isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { RootView } from '../../../shared/domain/interactions';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import type { Logger } from '../../platform/Logger';
import { Emitter } from '../base/Emitter';
import type { RootsResult } from '../mcp/session/mcpTypes';
import { JsonDocumentFile } from '../base/JsonDocumentFile';

const fileSchema = z.object({ version: z.literal(1), roots: z.array(z.string()) });

export interface RootsServiceOptions {
  /** Where the list is kept; without it the list lives in memory (headless runs). */
  file?: string;
  /** The starting list for an in-memory service (CLI `--roots`). */
  initial?: readonly string[];
  /** The shell's folder picker (Electron); absent in the web shell and the CLI. */
  pickFolder?: () => Promise<string | null>;
  log?: Logger;
}

/**
 * The folders the person granted to servers as roots. Servers only ever see this list, as
 * `file://` URIs, and only the folders that still exist.
 */
export class RootsService {
  private paths: string[] = [];
  private readonly changed = new Emitter<RootView[]>((error) =>
    this.options.log?.error('roots listener failed', { error }),
  );
  private readonly file: JsonDocumentFile<z.infer<typeof fileSchema>> | undefined;
  /** Fires with the new list after every change. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly options: RootsServiceOptions = {}) {
    this.file = options.file
      ? new JsonDocumentFile(
          options.file,
          fileSchema,
          () => ({ version: 1, roots: [] }),
          options.log,
        )
      : undefined;
    this.paths = [...(options.initial ?? [])].map((p) => resolve(p));
  }

  /** The granted folders as they are now (a sandbox rule's `${roots}`). */
  get folders(): readonly string[] {
    return this.paths;
  }

  get canPick(): boolean {
    return this.options.pickFolder !== undefined;
  }

  async load(): Promise<void> {
    if (this.file) this.paths = (await this.file.read()).roots;
  }

  async list(): Promise<RootView[]> {
    return Promise.all(this.paths.map(toRootView));
  }

  /** Adds an absolute path of an existing directory; VALIDATION otherwise. */
  async add(path: string): Promise<RootView[]> {
    const folder = await checkFolder(path);
    if (!this.paths.includes(folder)) await this.save([...this.paths, folder]);
    return this.list();
  }

  async remove(path: string): Promise<RootView[]> {
    const target = isAbsolute(path) ? resolve(path) : path;
    const next = this.paths.filter((p) => p !== target && p !== path);
    if (next.length !== this.paths.length) await this.save(next);
    return this.list();
  }

  /** The shell's folder picker; a cancelled picker changes nothing. */
  async pick(): Promise<RootView[]> {
    const pick = this.options.pickFolder;
    if (!pick) {
      throw new AppError(AppErrorCode.Unsupported, hostText('roots.noPicker'));
    }
    const chosen = await pick();
    return chosen ? this.add(chosen) : this.list();
  }

  /** The `roots/list` answer: existing folders only. */
  async toRootsResult(): Promise<RootsResult> {
    const views = await this.list();
    return { roots: views.filter((r) => r.exists).map((r) => ({ uri: r.uri, name: r.name })) };
  }

  private async save(next: string[]): Promise<void> {
    await this.file?.write({ version: 1, roots: next });
    this.paths = next;
    this.changed.fire(await this.list());
  }
}

/** An absolute, existing directory, normalized; a clear VALIDATION error otherwise. */
export async function checkFolder(path: string): Promise<string> {
  const trimmed = path.trim();
  if (!isAbsolute(trimmed)) {
    throw new AppError(AppErrorCode.Validation, hostText('roots.notAbsolute', { path: trimmed }), {
      field: 'path',
    });
  }
  const folder = resolve(trimmed);
  const info = await stat(folder).catch(() => undefined);
  if (!info) {
    throw new AppError(AppErrorCode.Validation, hostText('roots.missing', { path: folder }), {
      field: 'path',
    });
  }
  if (!info.isDirectory()) {
    throw new AppError(AppErrorCode.Validation, hostText('roots.isFile', { path: folder }), {
      field: 'path',
    });
  }
  return folder;
}

async function toRootView(path: string): Promise<RootView> {
  const exists = await stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
  return { path, uri: pathToFileURL(path).href, name: basename(path) || path, exists };
}
