import type { ServerConfig } from '../../../shared/domain/serverConfig';
import type { SandboxAllowance } from '../../../shared/domain/serverSandbox';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import type { ServersFileService } from '../config/ServersFileService';
import type { ServersFileState } from '../config/ServersFileState';
import { allowInEntry } from './allowInEntry';
import type { ServerSandboxing } from './ServerSandboxing';

/**
 * Writes into a server's entry (spliced in place) the one entry that allows a refused attempt
 * from then on. The attempt is looked up by id among the server's own (what to add is the
 * host's suggestion, never the caller's); one in a place that holds credentials needs
 * `confirmSensitive`.
 *
 * @throws AppError(Validation) for a remote server, an attempt no rule allows, or a missing
 *   confirmation; AppError(NotFound) for an attempt no longer kept.
 */
export async function writeAllowance(
  deps: { sandbox: ServerSandboxing; files: ServersFileService },
  config: ServerConfig,
  id: string,
  confirmSensitive: boolean,
): Promise<{ state: ServersFileState; allow: SandboxAllowance }> {
  const name = config.name;
  if (config.transport !== 'stdio') {
    throw new AppError(AppErrorCode.Validation, hostText('sandbox.notLocal', { name }));
  }
  const violation = await deps.sandbox.violation(name, id);
  if (!violation) {
    throw new AppError(AppErrorCode.NotFound, hostText('sandbox.noViolation', { name, id }));
  }
  const allow = violation.allow;
  if (!allow) throw new AppError(AppErrorCode.Validation, hostText('sandbox.cannotAllow'));
  if (allow.sensitive && !confirmSensitive) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText('sandbox.confirmSensitive', { value: allow.value }),
    );
  }
  const entry = deps.files.rawServer(name);
  if (!entry) throw new AppError(AppErrorCode.NotFound, hostText('mcp.noServer', { name }));
  return { state: await deps.files.replaceServer(name, allowInEntry(entry, allow)), allow };
}
