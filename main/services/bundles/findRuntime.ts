import { execFile } from 'node:child_process';
import type { BundleRuntime } from '../../../shared/domain/bundleViews';
import { AppError } from '../../../shared/errors';
import { formatHostText, hostText, type HostText } from '../../../shared/text/hostText';

export interface RuntimeDeps {
  /** The command's full path on the PATH servers get, or an AppError saying where it looked. */
  findCommand: (command: string) => Promise<string>;
  /** A program's `--version` output, or undefined (seam for tests). */
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
 * uv bundles uv. A requirement like `>=18.0.0` in the manifest is checked against the version
 * found. A binary bundle runs a file from inside itself, checked once it is unpacked.
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
  const version = await (deps.versionOf ?? versionOf)(path);
  const tooOld = version && requirement ? belowMinimum(version, requirement) : undefined;
  if (tooOld && version && requirement) {
    return withText(
      { type, command, found: false, path, version },
      hostText('bundles.runtimeTooOld', { runtime: name, requirement, path, version }),
    );
  }
  return withText(
    { type, command, found: true, path, ...(version ? { version } : {}) },
    version
      ? hostText('bundles.runtimeVersionFound', { runtime: name, version, path })
      : hostText('bundles.runtimeFound', { runtime: name, path }),
  );
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
