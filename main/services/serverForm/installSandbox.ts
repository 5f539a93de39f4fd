import type { SandboxForm } from '../../../shared/domain/serverForm';
import type { ServerEntry } from '../config/ServerEntry';
import { applySandbox } from './entryFromForm';
import { sandboxFormFromEntry } from './formFromEntry';
import type { SandboxBlock } from '../sandbox/defaultSandboxFor';

/**
 * The sandbox keys an install writes: the defaults it offered (`defaultSandboxFor`), changed
 * the way the person changed them in the review. Without a form (the CLI) the defaults go in
 * as offered; an install with no defaults (a container, a remote) writes none.
 */
export function installSandbox(
  offered: SandboxBlock | undefined,
  form: SandboxForm | undefined,
): SandboxBlock {
  if (!offered) return {};
  if (!form) return offered;
  const entry: ServerEntry = { ...offered };
  applySandbox(entry, form, offered);
  return {
    ...(entry.sandboxEnabled !== undefined ? { sandboxEnabled: entry.sandboxEnabled } : {}),
    ...(entry.sandbox !== undefined ? { sandbox: entry.sandbox } : {}),
  };
}

/** What an install review shows of the sandbox it offers (absent: none applies). */
export function offeredSandboxForm(offered: SandboxBlock | undefined): SandboxForm | undefined {
  return offered ? sandboxFormFromEntry(offered) : undefined;
}
