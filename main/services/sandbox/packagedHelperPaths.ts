import { join } from 'node:path';
import type { EngineConfig, SandboxPlatform } from './SandboxEngine';

/**
 * Where the runtime's helper programs are in a packaged app. They run as programs (bubblewrap
 * starts `apply-seccomp`; Windows starts `srt-win.exe`), and nothing runs out of an asar, so
 * the packaging unpacks them (electron-builder.yml `asarUnpack`); the runtime would still look
 * for them beside its module, inside `app.asar`, so their unpacked paths are named here. Empty
 * when the runtime is not inside an asar (development, the web shell, the CLI).
 */
export function packagedHelperPaths(
  moduleDir: string,
  platform: SandboxPlatform,
  arch: string = process.arch,
): Partial<EngineConfig> {
  const parts = moduleDir.split(/([\\/])/);
  const at = parts.indexOf('app.asar');
  if (at === -1) return {};
  const unpacked = [...parts.slice(0, at), 'app.asar.unpacked', ...parts.slice(at + 1)].join('');
  const cpu = arch === 'arm64' ? 'arm64' : 'x64';
  if (platform === 'linux') {
    return { seccomp: { applyPath: join(unpacked, 'vendor', 'seccomp', cpu, 'apply-seccomp') } };
  }
  if (platform === 'windows') {
    return {
      windows: { srtWin: { path: join(unpacked, 'vendor', 'srt-win', cpu, 'srt-win.exe') } },
    };
  }
  return {};
}
