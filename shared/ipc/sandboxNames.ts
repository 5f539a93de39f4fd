/** The sandbox's requests and events, as plain data (spread into names.ts). */
export const sandboxRequestNames = ['sandbox.get', 'sandbox.allow'] as const;
export const sandboxEventNames = ['sandbox.violationsRecorded'] as const;

export type SandboxRequestName = (typeof sandboxRequestNames)[number];
export type SandboxEventName = (typeof sandboxEventNames)[number];
