import type { SandboxDetail } from '../../domain/serverSandbox';

/** A representative sandbox detail, for the contract's round-trip test. */
export const sandboxDetailSample: SandboxDetail = {
  server: 'fs',
  enabled: true,
  rules: {
    denyRead: ['~/.ssh', '~/.config/Switchboard'],
    allowRead: ['~/.config/Switchboard/server-state/fs-0123456789'],
    allowWrite: ['~/.config/Switchboard/server-state/fs-0123456789', '~/notes'],
    denyWrite: [],
    allowedDomains: ['api.example.com'],
    deniedDomains: [],
  },
  violations: [
    {
      id: 'a1b2c3d4',
      at: 5,
      kind: 'read',
      target: '~/.ssh/id_ed25519',
      source: 'error',
      count: 2,
      allow: { key: 'allowRead', value: '~/.ssh/id_ed25519', sensitive: true },
    },
    {
      id: 'e5f6a7b8',
      at: 6,
      kind: 'other',
      target: 'mach-lookup com.apple.x',
      source: 'os',
      count: 1,
    },
  ],
};

/** Input and output samples of every sandbox request. */
export function sandboxSamples(): Record<string, { input: unknown; output: unknown }> {
  return {
    'sandbox.get': { input: { server: 'fs' }, output: sandboxDetailSample },
    'sandbox.allow': { input: { server: 'fs', id: 'a1b2c3d4' }, output: sandboxDetailSample },
  };
}
