import { join } from 'node:path';
import { afterEach } from 'vitest';
import { MemorySecretStore } from '../../../platform/MemorySecretStore';
import { McpHarness } from '../../mcp/testing/McpHarness';
import { ServerSecrets } from '../../secrets/ServerSecrets';
import { ServerFormService } from '../../serverForm/ServerFormService';
import { BundleService } from '../BundleService';
export { helloNotesEntries } from './helloNotesEntries';

let harness: McpHarness | undefined;

/** Disposes the harness a test made with {@link bundleTestBed} (call once per test file). */
export function disposeBundleTestBeds(): void {
  afterEach(async () => {
    await harness?.dispose();
    harness = undefined;
  });
}

/** A BundleService over a real servers file, a real McpService and an in-memory secret store. */
export async function bundleTestBed(findCommand?: (command: string) => Promise<string>) {
  const store = new MemorySecretStore();
  const secrets = new ServerSecrets(store);
  const started = await McpHarness.start({}, {}, { secrets });
  harness = started;
  const forms = new ServerFormService({ files: started.files, mcp: started.mcp, secrets, env: {} });
  const bundles = new BundleService({
    dataDir: started.dir,
    files: started.files,
    secrets,
    forms,
    findCommand: findCommand ?? ((command) => started.mcp.findCommand(command)),
    // `${HOME}` in manifests: a folder of the test's.
    home: join(started.dir, 'home'),
  });
  return { bundles, store, harness: started };
}
