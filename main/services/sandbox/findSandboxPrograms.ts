import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The programs the Linux sandbox runs, as absolute paths. */
export interface SandboxPrograms {
  bwrap: string;
  socat: string;
  rg: string;
}

/** Where Debian and the others install them, looked at after PATH (a desktop's PATH is short). */
const SYSTEM_DIRS = ['/usr/bin', '/bin', '/usr/local/bin', '/usr/sbin'];

/** The package that brings each program (what a person installs). */
const PACKAGES: Record<keyof SandboxPrograms, string> = {
  bwrap: 'bubblewrap',
  socat: 'socat',
  rg: 'ripgrep',
};

/** The folders looked in by default: the host's PATH, then the system folders. */
export function defaultProgramDirs(path = process.env.PATH ?? ''): string[] {
  return [...path.split(delimiter).filter(Boolean), ...SYSTEM_DIRS];
}

/**
 * Finds bubblewrap, socat and ripgrep (the runtime scans allowed write folders with it) in
 * `dirs`. The runtime is then given their paths, so what was checked is what runs. `missing`
 * names the packages to install, in that order.
 */
export function findSandboxPrograms(dirs: readonly string[]): {
  programs: SandboxPrograms;
  missing: string[];
} {
  const found: Partial<SandboxPrograms> = {};
  const missing: string[] = [];
  for (const name of Object.keys(PACKAGES) as (keyof SandboxPrograms)[]) {
    const path = dirs.map((dir) => join(dir, name)).find(isExecutable);
    if (path) found[name] = path;
    else missing.push(PACKAGES[name]);
  }
  return { programs: found as SandboxPrograms, missing };
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
