import type { ServerForm, ServerTestResult } from '../../../shared/domain/serverForm';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { parseServersText } from '../config/parseServersText';
import { SERVERS_KEY, type ServerEntry } from '../config/ServerEntry';
import type { ServersFileService } from '../config/ServersFileService';
import type { ServersFileState } from '../config/ServersFileState';
import { envLookup } from '../base/substituteEnv';
import type { McpService } from '../mcp/McpService';
import type { ServerSecrets } from '../secrets/ServerSecrets';
import { secretReferences } from '../secrets/secretReferences';
import { entryFromForm, type FormEntry } from './entryFromForm';
import { formFromEntry } from './formFromEntry';
import { originOf, unwireForeignSecrets, wireTypedReferences } from './wireOrigin';
import { formatHostText, hostText } from '../../../shared/text/hostText';

export interface ServerFormServiceOptions {
  files: ServersFileService;
  mcp: McpService;
  secrets: ServerSecrets;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * The add/edit server form's side in main: reads an entry into the form, tests a form by
 * starting it once, saves it (secrets to the secret store first, recorded as this server's when
 * created for it, then the entry spliced into the servers file) and removes a server with the
 * secrets created for it that no other entry uses.
 */
export class ServerFormService {
  constructor(private readonly options: ServerFormServiceOptions) {}

  async get(name: string): Promise<ServerForm> {
    const entry = this.options.files.rawServer(name);
    if (!entry) {
      throw new AppError(AppErrorCode.NotFound, hostText('serverForm.notInFile', { name }));
    }
    return formFromEntry(name, entry, (secret) => this.options.secrets.has(secret));
  }

  /** Starts what the form describes once, with secrets typed but not saved yet. */
  async test(form: ServerForm, originalName?: string): Promise<ServerTestResult> {
    const previous = originalName ? this.options.files.rawServer(originalName) : undefined;
    const built = this.build(form, previous);
    const text = JSON.stringify({ [SERVERS_KEY]: { [form.name]: built.entry } });
    const parsed = parseServersText(text, envLookup(this.options.env));
    const config = parsed.servers[0];
    if (!config) {
      const text = hostText('serverForm.testProblems', {
        problems: parsed.errors.map((p) => p.text),
      });
      const message = formatHostText(text);
      return { ok: false, code: AppErrorCode.Validation, message, text, stderrTail: [] };
    }
    return this.options.mcp.probe(config, built.secrets);
  }

  /**
   * Saves the form: a new server (`originalName` absent) or an edit, possibly renamed. Secret
   * values are stored before the file is written and put back if writing fails. A server whose
   * entry did not change but whose secrets did is restarted, so it runs with the new values.
   */
  async save(form: ServerForm, originalName?: string): Promise<ServersFileState> {
    const { files, secrets, mcp } = this.options;
    const previous = originalName ? files.rawServer(originalName) : undefined;
    if (originalName && !previous) {
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('serverForm.gone', { name: originalName }),
      );
    }
    const built = this.build(form, previous);
    const before = await secrets.snapshot(built.secrets.keys());
    const textBefore = files.state.text;
    let state: ServersFileState;
    try {
      for (const [name, value] of built.secrets) {
        await secrets.set(name, value, { owner: originalName ?? form.name });
      }
      state = originalName
        ? await files.replaceServer(originalName, built.entry, form.name)
        : await files.addServers({ [form.name]: built.entry });
    } catch (error) {
      await secrets.restore(before);
      throw error;
    }
    // Renamed: what was created for the server stays its own under the new name.
    if (originalName) await secrets.transferOwnership(originalName, form.name);
    if (state.text === textBefore && built.secrets.size > 0) {
      const running = mcp.registry.get(form.name);
      if (running && !running.config.disabled) await running.restart();
    }
    return state;
  }

  /**
   * Removes a server, then deletes the secrets created for it (by the form, an install or an
   * import) that no other entry refers to. Secrets the person kept themselves (Settings →
   * Secrets, the CLI) or created for another server stay, whoever referred to them.
   */
  async remove(name: string): Promise<ServersFileState> {
    const { files, secrets } = this.options;
    const entry = files.rawServer(name);
    if (!entry) {
      throw new AppError(AppErrorCode.NotFound, hostText('serverForm.notInFile', { name }));
    }
    const state = await files.removeServer(name);
    const stillUsed = new Set(secretReferences(state.text));
    for (const secret of await secrets.ownedBy(name)) {
      // Still used elsewhere: kept, and no longer anyone's (a new server of this name is not it).
      if (stillUsed.has(secret)) await secrets.release(secret);
      else await secrets.delete(secret);
    }
    return state;
  }

  /**
   * The entry the form describes. For an entry from a registry or a bundle, values the person
   * types never go into a secret the third party's text names, and the references the person
   * writes are wired in its origin (see wireOrigin).
   */
  private build(form: ServerForm, previous: ServerEntry | undefined): FormEntry {
    const origin = originOf(previous);
    const built = entryFromForm(unwireForeignSecrets(form, origin), previous);
    const wired = wireTypedReferences(origin, previous, built.entry, built.secrets.keys());
    if (wired) built.entry.origin = wired;
    return built;
  }
}
