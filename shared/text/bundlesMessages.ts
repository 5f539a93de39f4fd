/**
 * Main's messages about server bundles (.mcpb): reading, checking and installing them, in English (part of `hostMessages`, under `bundles`; the Chinese
 * words are in renderer/i18n/locales/zhCN/bundlesHost.ts).
 */
export const bundlesMessages = {
  unreadable: '{{path}} cannot be read ({{reason}}).',
  notAFile: '{{path}} is not a file.',
  tooLarge: 'The bundle is {{size}}; this app reads bundles up to {{max}}.',
  notMcpbName: '“{{name}}” is not an .mcpb bundle: its name does not end in .mcpb.',
  chunkOrder: 'Chunk at byte {{offset}} does not follow the {{received}} bytes received.',
  tooManyBytes: 'More bytes arrived than the file was said to have.',
  incomplete: 'Only {{received}} of {{size}} bytes arrived; drop the file again.',
  uploadClosed: 'That upload is not open (finished, or replaced by a newer one).',
  noLaunch: 'The bundle does not say how to start its server.',
  notInstalled: 'No bundle is installed as “{{name}}”.',
  noMcpConfig: 'The bundle’s manifest has no mcp_config: there is no command to start it with.',
  untrusted:
    'The bundle carries a signature that could not be verified on this computer (changed after signing, or signed with a certificate this computer does not trust). Install it only if you trust where it came from, and confirm that you do.',
  notArchive: '{{path}} is not a readable .mcpb archive.',
  damaged: 'The bundle could not be unpacked: {{reason}}.',
  badSignatureBlock:
    'The bundle ends in a signature block that is not well formed, so it is not clear which bytes were signed.',
  tooManyEntries:
    'The bundle holds more than {{max}} files and folders; this app unpacks bundles up to that many.',
  totalTooLarge:
    'The bundle unpacks to more than {{max}}; this app unpacks bundles up to that size.',
  entryTooLarge: '“{{name}}” in the bundle unpacks to more than {{max}}, the most one file may be.',
  ratio:
    '“{{name}}” in the bundle unpacks to {{ratio}} times its packed size; this app refuses more than {{max}} to 1.',
  manifestTooLarge: 'The bundle’s manifest.json is larger than {{max}}.',
  badName: 'The bundle holds “{{name}}”, a path outside its own folder.',
  duplicate:
    'The bundle holds “{{name}}” twice (names that differ only in upper and lower case count as one).',
  special: 'The bundle holds “{{name}}”, which is not a file, a folder or a link.',
  encrypted: 'The bundle holds “{{name}}” encrypted; bundles cannot be encrypted.',
  linkEscapes: 'The bundle holds a link “{{name}}” to “{{target}}”, outside its own folder.',
  underLink: 'The bundle holds “{{name}}” inside the link “{{link}}”.',
  unsigned:
    'The bundle is not signed: nobody vouches for what it runs. Install it only if you trust where it came from, and confirm that you do.',
  unsafeVariable:
    'The bundle’s mcp_config uses {{variable}} (in {{where}}), which would fill in a value of yours (an environment variable or a stored secret). A bundle may use only ${__dirname}, ${user_config.…}, ${HOME}, ${DESKTOP}, ${DOCUMENTS}, ${DOWNLOADS} and ${pathSeparator}.',
  changedSinceReview:
    'The bundle file changed after it was reviewed (reviewed {{reviewed}}, now {{now}}). Open it again to see what it is now.',
  runtimeCheckedAtInstall:
    '{{runtime}} found at {{path}}. The bundle asks for {{requirement}}: its version is checked when you install, since nothing runs before you confirm.',
  noManifest: 'The bundle has no readable manifest.json ({{reason}}).',
  unknownManifestVersion:
    'The bundle’s manifest version {{version}} is not one this app knows ({{known}}).',
  invalidManifest: 'The bundle’s manifest.json is not valid (manifest {{version}}): {{issues}}',
  fieldProblem: '{{field}}: {{problem}}',
  needs: 'needs {{fields}}',
  notReady: 'The bundle {{parts}}.',
  notNumber: '{{value}} is not a number',
  notBoolean: '{{value}} is not true or false',
  notAbsolute: '{{path}} is not an absolute path',
  missingPath: '{{path}} does not exist',
  notFolder: '{{path}} is not a folder',
  notFile: '{{path}} is not a file',
  otherPlatform: 'This bundle runs on {{platforms}}, not on {{platform}}.',
  ownProgram: 'the bundle’s own program',
  runs: 'Runs {{runtime}}.',
  runtimeNotFound:
    'This bundle needs {{runtime}} (“{{command}}”), and none was found on this computer. {{why}} Install {{runtime}} and try again.',
  runtimeTooOld:
    'This bundle needs {{runtime}} {{requirement}}; the one found at {{path}} is {{version}}.',
  runtimeFound: '{{runtime}} found at {{path}}.',
  runtimeVersionFound: '{{runtime}} {{version}} found at {{path}}.',
};
