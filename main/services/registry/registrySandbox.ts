import {
  defaultSandboxFor,
  PACKAGE_HOSTS,
  sandboxesByDefault,
  type SandboxBlock,
} from '../sandbox/defaultSandboxFor';
import { runOptions } from './registryOptions';
import type { ServerJson } from './serverJson';

/**
 * The sandbox a registry install offers for one option: a package run here is sandboxed, with
 * the rules the document declares and its runner's package hosts; a remote, or a container
 * image, gets none.
 */
export function registrySandbox(server: ServerJson, optionIndex: number): SandboxBlock | undefined {
  const option = runOptions(server).find((o) => o.index === optionIndex);
  if (option?.kind !== 'package' || !sandboxesByDefault(option.pkg.registryType)) return undefined;
  return defaultSandboxFor('registry', server, PACKAGE_HOSTS[option.pkg.registryType] ?? []);
}
