import { homedir } from 'node:os';
import { FileSecretStore } from './FileSecretStore';
import { NodeExternalOpener } from './NodeExternalOpener';
import type { ExternalOpener, PlatformServices } from './PlatformServices';
import { appVersion } from './appVersion';
import { appPaths, resolveDataDir } from './resolveDataDir';
import { resolveServersFile } from './resolveServersFile';

export interface NodePlatformOptions {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  print: (line: string) => void;
  openUrls: boolean;
  /** Opens sign-in and consent URLs instead of the system browser (tests inject theirs). */
  opener?: ExternalOpener;
}

/** Platform services for the web shell and the CLI (no Electron). */
export function createNodePlatform(options: NodePlatformOptions): PlatformServices {
  const dataDir = resolveDataDir({
    argv: options.argv,
    env: options.env,
    platform: process.platform,
    homedir: homedir(),
  });
  const paths = {
    ...appPaths(dataDir),
    serversFile: resolveServersFile({ argv: options.argv, env: options.env, dataDir }),
  };
  return {
    shell: 'web',
    version: appVersion,
    paths,
    secrets: new FileSecretStore(paths.secretsFile),
    opener: options.opener ?? new NodeExternalOpener(options.print, options.openUrls),
    env: options.env,
  };
}
