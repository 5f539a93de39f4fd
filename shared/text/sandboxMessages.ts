/**
 * Main's messages about sandboxed servers, in English (part of `hostMessages`, under
 * `sandbox`; the Chinese words are in renderer/i18n/locales/zhCN/sandboxHost.ts).
 */
export const sandboxMessages = {
  config: {
    notObject:
      '{{path}} must be an object like { "filesystem": { "allowWrite": ["~/notes"] }, "network": { "allowedDomains": ["api.example.com"] } }',
    partNotObject: '{{path}} must be an object like { "{{example}}": ["…"] }',
    emptyEntry: '{{path}} must not be empty',
    unknownVariable:
      '{{path}} uses {{variable}}, which is not a sandbox variable (use ~, ${userHome}, ${cwd}, ${workspaceFolder}, ${roots} or ${serverState})',
    rootsFirst: '{{path}}: ${roots} can only start an entry, like "${roots}" or "${roots}/docs"',
    badDomain:
      '{{path}} must be a host like "example.com", "*.example.com" or "example.com:443", but it is {{value}}',
    denyAllOnly: '{{path}}: "*" (every host) is only allowed in deniedDomains',
    remoteServer:
      '"{{key}}" applies to local (stdio) servers only: a remote server runs elsewhere, so it is ignored',
  },
  unavailable: {
    missing:
      'the sandbox needs {{missing}}: install them with “sudo apt-get install bubblewrap socat ripgrep” (Debian, Ubuntu; dnf or pacman elsewhere), then start the server again',
    windowsSetup:
      'the sandbox is not set up on this computer yet: run “npx @anthropic-ai/sandbox-runtime windows-install” once (it asks for administrator rights once), then start the server again ({{detail}})',
    platform: 'the sandbox is not available on this system ({{platform}})',
    failed: 'the sandbox could not be set up: {{detail}}',
    windowsWriteFolders:
      'on Windows the folders sandboxed servers may write are fixed while any of them runs; stop the other sandboxed servers to add {{paths}}',
  },
  notStarted:
    'Server “{{name}}” runs sandboxed, and {{reason}}. It was not started without the sandbox.',
  badRule: 'Server “{{name}}” has a sandbox rule the sandbox refuses: {{detail}}',
  allowed: 'Allowed {{value}} ({{key}}) for “{{name}}”; it restarts with the new rules.',
  noViolation:
    'There is no blocked attempt {{id}} of “{{name}}” any more (only the recent ones are kept).',
  cannotAllow: 'That attempt cannot be allowed with a rule.',
  confirmSensitive:
    '{{value}} is denied by default for the credentials it holds; allowing it needs a confirmation.',
  notLocal: 'Server “{{name}}” is not a local (stdio) server: the sandbox does not apply to it.',
};
