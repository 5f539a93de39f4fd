import { execFile } from 'node:child_process';
import { isAbsolute, sep } from 'node:path';
import type { BundleRuntime } from '../../../shared/domain/bundleViews';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { formatHostText, hostText, type HostText } from '../../../shared/text/hostText';

export interface RuntimeDeps {
  /** The command's full path on the PATH servers get, or an AppError saying where it looked. */
  findCommand: (command: string) => Promise<string>;
  /** A program's `--version` output, or undefined (seam for tests). Only after consent. */
  versionOf?: (path: string) => Promise<string | undefined>;
}

const RUNTIME_NAMES: Readonly<Record<BundleRuntime['type'], HostText | string>> = {
  node: 'Node.js',
  python: 'Python',
  uv: 'uv',
  binary: hostText('bundles.ownProgram'),
};

/** The runtime with what to tell the person, in English and as a message key. */
function withText(runtime: Omit<BundleRuntime, 'message' | 'text'>, text: HostText): BundleRuntime {
  return { ...runtime, message: formatHostText(text), text };
}

/**
 * Whether the program a bundle starts with is on this computer: Node bundles need a Node.js
 * found on the PATH servers run with (none is shipped with the app), Python bundles a Python,
 * uv bundles uv. A binary bundle runs a file from inside itself.
 *
 * Looking only: nothing is run while the person reviews, not even `--version` (the command is
 * the bundle's choice: any program on the PATH, or a path). A version the manifest asks for
 * is checked by {@link checkRuntimeVersion} once the person has confirmed the install.
 */
export async function findRuntime(
  type: BundleRuntime['type'],
  command: string,
  requirement: string | undefined,
  deps: RuntimeDeps,
): Promise<BundleRuntime> {
  const name = RUNTIME_NAMES[type];
  if (type === 'binary' || command.includes('${__dirname}')) {
    return withText({ type, command, found: true }, hostText('bundles.runs', { runtime: name }));
  }
  let path: string;
  try {
    path = await deps.findCommand(command);
  } catch (error) {
    const failure = AppError.from(error);
    const why = failure.text ?? hostText('foreign', { text: failure.message });
    return withText(
      { type, command, found: false },
      hostText('bundles.runtimeNotFound', { runtime: name, command, why }),
    );
  }
  return withText(
    { type, command, found: true, path },
    requirement && versionChecked(type, command)
      ? hostText('bundles.runtimeCheckedAtInstall', { runtime: name, path, requirement })
      : hostText('bundles.runtimeFound', { runtime: name, path }),
  );
}

/**
 * The runtimes whose version may be asked, by the bare name the manifest gives: a program of
 * the person's own, found on the PATH servers get. A path the manifest names (absolute or
 * relative) or anything else is never run for a version: it could be any program, or one
 * shipped inside the bundle.
 */
function versionChecked(type: BundleRuntime['type'], command: string): boolean {
  if (type === 'node') return /^node(?:\.exe)?$/i.test(command);
  if (type === 'python') return /^python(?:3(?:\.\d+)?)?(?:\.exe)?$/i.test(command);
  return false;
}

/**
 * After the person confirmed: the version of the runtime the review found, against the
 * manifest's requirement. Only a runtime found on the PATH by its bare name (see
 * {@link versionChecked}) and not inside the bundle's folders runs, with `--version`, once.
 *
 * @throws AppError(Validation) when it is older than the bundle asks for.
 */
export async function checkRuntimeVersion(
  runtime: BundleRuntime,
  requirement: string | undefined,
  bundleFolders: readonly string[],
  deps: RuntimeDeps,
): Promise<void> {
  const { path } = runtime;
  if (!requirement || !path || !versionChecked(runtime.type, runtime.command)) return;
  if (!isAbsolute(path) || bundleFolders.some((dir) => path.startsWith(dir + sep))) return;
  const version = await (deps.versionOf ?? versionOf)(path);
  if (version && belowMinimum(version, requirement)) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText('bundles.runtimeTooOld', {
        runtime: RUNTIME_NAMES[runtime.type],
        requirement,
        path,
        version,
      }),
    );
  }
}

function versionOf(path: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(path, ['--version'], { timeout: 5000, windowsHide: true }, (error, stdout) => {
      const match = /\d+\.\d+(?:\.\d+)?/.exec(stdout);
      resolve(error || !match ? undefined : match[0]);
    });
  });
}

/** For simple `>=x.y.z` requirements only: true when `version` is lower. Others are not judged. */
export function belowMinimum(version: string, requirement: string): boolean | undefined {
  const minimum = /^\s*>=\s*v?(\d+(?:\.\d+){0,2})\s*$/.exec(requirement)?.[1];
  if (!minimum) return undefined;
  const parts = (text: string) => text.split('.').map((n) => Number(n));
  const [a, b] = [parts(version.replace(/^v/, '')), parts(minimum)];
  for (let i = 0; i < 3; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}
