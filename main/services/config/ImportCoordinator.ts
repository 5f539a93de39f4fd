import { homedir } from 'node:os';
import type { ImportSource as ImportSourceView } from '../../../shared/domain/mcpViews';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { detectImportSources, type ImportContext } from './import/detectImportSources';
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
}

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
  ) {}

  async list(): Promise<ImportSourceView[]> {
    const existing = this.files.state.servers.map((s) => s.name);
    const sources = await detectImportSources(this.context);
    const views: ImportSourceView[] = [];
    for (const source of sources) {
      const imported = await readImportSource(source, this.context);
      const plan = planImport(existing, imported.servers);
      const conflicts = new Map(plan.conflicts.map((c) => [c.name, c.suggestedName]));
      const firstError = imported.errors[0];
      views.push({
        id: source.path,
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
        ...(firstError ? { error: firstError.message } : {}),
      });
    }
    return views;
  }

  async apply(request: ImportRequest): Promise<ServersFileState> {
    const source = (await detectImportSources(this.context)).find(
      (s) => s.path === request.sourceId,
    );
    if (!source)
      throw new AppError(AppErrorCode.NotFound, `No import source at ${request.sourceId}.`);
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
      throw new AppError(AppErrorCode.Validation, `Not importable: ${missing.join(', ')}`, {
        errors: answered.errors,
      });
    }
    const plan = planImport(
      this.files.state.servers.map((s) => s.name),
      chosen,
    );
    const toAdd = acceptImportPlan(plan, request.renames);
    if (Object.keys(toAdd).length === 0) return this.files.state;
    return this.files.addServers(toAdd);
  }
}

function describeEntry(entry: ServerEntry): string {
  const e = entry as { command?: unknown; args?: unknown; url?: unknown };
  if (typeof e.url === 'string') return e.url;
  const args = Array.isArray(e.args)
    ? e.args.filter((a): a is string => typeof a === 'string')
    : [];
  return [typeof e.command === 'string' ? e.command : '', ...args].join(' ').trim();
}
