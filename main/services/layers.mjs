/**
 * The layers of `main/services`, lowest first. A folder may import only folders of lower layers
 * (value and type imports alike); `main/platform` sits below them all and imports none of them;
 * the files at the root (createHostCore, createGettingServers) and `testing/` sit above them all.
 * Tests (`*.test.ts`, `testing/` folders) may import any layer. eslint.config.js turns this list
 * into import rules and main/services/layers.test.ts checks that it covers every folder.
 */
export const serviceLayers = [
  ['base'],
  ['store', 'settings', 'uiState', 'secrets'],
  ['config', 'models'],
  ['sandbox'],
  ['mcp'],
  ['catalog', 'resources', 'events', 'interactions', 'approvals', 'serverForm'],
  ['apps', 'skills', 'bundles', 'registry'],
  ['conversation'],
  ['tasks'],
];
