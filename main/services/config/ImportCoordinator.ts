import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute } from 'node:path';
import type { ImportSource as ImportSourceView } from '../../../shared/domain/mcpViews';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { ServerSecrets } from '../secrets/ServerSecrets';
import {
  detectImportSources,
  importSourceCandidates,
  type ImportContext,
  type ImportSource,
} from './import/detectImportSources';
import { guessImportSource } from './import/guessImportSource';
import { findPlaintextSecrets, moveSecretsOut } from './import/plaintextSecrets';
import { hostText } from '../../../shared/text/hostText';
import { acceptImportPlan, planImport } from './import/planImport';
import { readImportSource } from './import/readImportSource';
import type { ServersFileService } from './ServersFileService';
import type { ServersFileState } from './ServersFileState';
import type { ServerEntry } from './ServerEntry';

export interface ImportRequest {
  sourceId: string;
  /** Imported server names the person ticked. */
  names: readonly string[];
  /** New names for conflicting servers; a conflict without one is skipped, never overwritten. */
  renames: Readonly<Record<string, string>>;
  /** Answers to VS Code `inputs`. */
  inputs: Readonly<Record<string, string>>;
  /** Move values that look like plaintext credentials into the secret store. */
  moveSecrets?: boolean;
}

/** The id of a file the person picked (rather than one found in a known place). */
const PICKED = 'file:';

/** Finds other hosts' server files, shows what they would add, and adds what the person chose. */
export class ImportCoordinator {
  constructor(
    private readonly files: ServersFileService,
    private readonly context: ImportContext = {
      platform: process.platform,
      homedir: homedir(),
      env: process.env,
      cwd: process.cwd(),
    },
    private readonly secrets?: ServerSecrets,
  ) {}

  /** Sources found in the known places, and every place looked at (shown when none is found). */
  async list(): Promise<{ sources: ImportSourceView[]; searched: string[] }> {
    const sources = await detectImportSources(this.context);
    const views: ImportSourceView[] = [];
    for (const source of sources) views.push(await this.view(source, source.path));
    return { sources: views, searched: importSourceCandidates(this.context).map((c) => c.path) };
  }

  /** A file the person picked, read like a found source. */
  async readFile(path: string): Promise<ImportSourceView> {
    const source = await this.pickedSource(path);
    return this.view(source, PICKED + source.path);
  }

  async apply(request: ImportRequest): Promise<ServersFileState> {
    const source = request.sourceId.startsWith(PICKED)
      ? await this.pickedSource(request.sourceId.slice(PICKED.length))
      : (await detectImportSources(this.context)).find((s) => s.path === request.sourceId);
    if (!source)
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('config.noImportSource', { path: request.sourceId }),
      );
    const imported = await readImportSource(source, this.context);
    const answered =
      imported.inputs.length > 0
        ? imported.applyAnswers(request.inputs)
        : { servers: imported.servers, errors: [] };
    const chosen = Object.fromEntries(
      Object.entries(answered.servers).filter(([name]) => request.names.includes(name)),
    );
    const missing = request.names.filter((name) => !(name in chosen));
    if (missing.length > 0) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('config.notImportable', { names: missing.join(', ') }),
        {
          errors: answered.errors,
        },
      );
    }
    const plan = planImport(
      this.files.state.servers.map((s) => s.name),
      chosen,
    );
    const toAdd = withImportOrigin(acceptImportPlan(plan, request.renames), source.label);
    if (Object.keys(toAdd).length === 0) return this.files.state;
    if (!request.moveSecrets || !this.secrets) return this.files.addServers(toAdd);
    return this.addMovingSecrets(toAdd, this.secrets);
  }

  private async addMovingSecrets(
    toAdd: Record<string, ServerEntry>,
    secrets: ServerSecrets,
  ): Promise<ServersFileState> {
    const moved = moveSecretsOut(toAdd, findPlaintextSecrets(toAdd));
    const before = await secrets.snapshot(moved.values.keys());
    try {
      for (const [name, value] of moved.values) {
        const owner = moved.owners.get(name);
        await secrets.set(name, value, owner === undefined ? {} : { owner });
      }
      return await this.files.addServers(moved.servers);
    } catch (error) {
      await secrets.restore(before);
      throw error;
    }
  }

  private async pickedSource(path: string): Promise<ImportSource> {
    if (!isAbsolute(path)) {
      throw new AppError(AppErrorCode.Validation, hostText('config.relativePath', { path }));
    }
    const text = await readFile(path, 'utf8').catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('config.cannotReadFile', { path, reason }),
      );
    });
    return guessImportSource(path, text);
  }

  private async view(source: ImportSource, id: string): Promise<ImportSourceView> {
    const existing = this.files.state.servers.map((s) => s.name);
    const imported = await readImportSource(source, this.context);
    const plan = planImport(existing, imported.servers);
    const conflicts = new Map(plan.conflicts.map((c) => [c.name, c.suggestedName]));
    const firstError = imported.errors[0];
    const plaintext = findPlaintextSecrets(imported.servers);
    return {
      id,
      kind: source.format,
      label: source.label,
      path: source.path,
      servers: Object.entries(imported.servers).map(([name, entry]) => ({
        name,
        target: describeEntry(entry),
        conflict: conflicts.has(name),
        suggestedName: conflicts.get(name) ?? name,
      })),
      inputs: imported.inputs.map((i) => ({
        id: i.id,
        ...(i.description ? { description: i.description } : {}),
        password: i.password,
      })),
      ...(plaintext.length > 0
        ? {
            plaintextSecrets: plaintext.map((s) => ({
              server: s.server,
              field: s.field,
              key: s.key,
            })),
          }
        : {}),
      ...(firstError ? { error: firstError.message, errorText: firstError.text } : {}),
    };
  }
}

/**
 * Each imported entry records where it came from (the app's name or the file's), replacing any
 * `origin` the other file had: an import is not a registry's or a bundle's install.
 */
function withImportOrigin(
  servers: Readonly<Record<string, ServerEntry>>,
  label: string,
): Record<string, ServerEntry> {
  return Object.fromEntries(
    Object.entries(servers).map(([name, entry]) => [
      name,
      { ...entry, origin: { kind: 'import', name: label.slice(0, 500) || 'import' } },
    ]),
  );
}

function describeEntry(entry: ServerEntry): string {
  const e = entry as { command?: unknown; args?: unknown; url?: unknown };
  if (typeof e.url === 'string') return e.url;
  const args = Array.isArray(e.args)
    ? e.args.filter((a): a is string => typeof a === 'string')
    : [];
  return [typeof e.command === 'string' ? e.command : '', ...args].join(' ').trim();
}
