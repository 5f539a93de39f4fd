import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A HOME whose `.npmrc` puts npm in offline mode, for servers installed as `npx -y pkg@version`.
 * npx then runs a package only if the project it starts in (this repository: the host's working
 * directory) has it installed at that version — our devDependencies — and fails with ENOTCACHED
 * instead of downloading anything. A test server that starts is therefore proof that it ran
 * from node_modules.
 */
export async function offlineNpmHome(): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), 'sb-npm-home-'));
  await mkdir(join(home, '.npm'), { recursive: true });
  await writeFile(
    join(home, '.npmrc'),
    'offline=true\nupdate-notifier=false\nfund=false\naudit=false\n',
  );
  return home;
}
