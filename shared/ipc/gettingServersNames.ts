/**
 * The request names of getting servers (form, registry, bundles, pickers), as plain data for
 * names.ts (the preload bundles names without zod). Their schemas: gettingServersContract.ts.
 */
export const gettingServersRequestNames = [
  'servers.getForm',
  'servers.testForm',
  'servers.saveForm',
  'servers.remove',
  'registry.search',
  'registry.review',
  'registry.install',
  'bundles.inspect',
  'bundles.uploadStart',
  'bundles.uploadChunk',
  'bundles.uploadFinish',
  'bundles.discard',
  'bundles.install',
  'bundles.list',
  'bundles.uninstall',
  'config.readImportFile',
  'platform.pickPath',
] as const;
