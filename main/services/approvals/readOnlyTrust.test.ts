import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../shared/domain/approvals';
import { ApprovalBroker } from './ApprovalBroker';
import { JsonGrantRepository } from './JsonGrantRepository';
import { readOnlyTrust } from './readOnlyTrust';

const readTool = {
  name: 'read',
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: true },
};
const call = (server: string) => ({
  conversationId: 'c1',
  server,
  tool: readTool,
  modelName: `${server}__read`,
  arguments: {},
});

async function brokerWith(sandboxedReadOnly: boolean) {
  const dir = await mkdtemp(join(tmpdir(), 'sb-readonly-'));
  const sandboxed = (server: string) => server === 'boxed';
  const local = (server: string) => (server === 'remote' ? undefined : sandboxed(server));
  const requests: ApprovalRequest[] = [];
  const broker = new ApprovalBroker({
    grants: new JsonGrantRepository(join(dir, 'grants.json')),
    isReadOnlyTrusted: readOnlyTrust(
      () => ({ trustReadOnlyServers: [], trustReadOnlyWhenSandboxed: sandboxedReadOnly }),
      sandboxed,
    ),
    isSandboxed: local,
  });
  broker.onDidRequest((request) => requests.push(request));
  const asked = () =>
    new Promise<ApprovalRequest>((resolve) => {
      const off = broker.onDidRequest((request) => {
        off();
        resolve(request);
      });
    });
  return { broker, requests, asked };
}

describe('read-only tools of sandboxed servers', () => {
  it('run without asking only when the setting is on, and only on sandboxed servers', async () => {
    const on = await brokerWith(true);
    expect(await on.broker.decide(call('boxed'))).toMatchObject({
      kind: 'allowed',
      decidedBy: 'readonly-hint',
    });
    const plain = on.asked();
    void on.broker.decide(call('plain'));
    expect(await plain).toMatchObject({ server: 'plain', sandboxed: false });

    const off = await brokerWith(false);
    const boxed = off.asked();
    void off.broker.decide(call('boxed'));
    // Off by default: asked, and the dialog is told the server is sandboxed.
    expect(await boxed).toMatchObject({ server: 'boxed', sandboxed: true });
    expect(on.requests.map((r) => r.server)).toEqual(['plain']);
    // A remote server runs elsewhere: the dialog says nothing about a sandbox.
    const remote = on.asked();
    void on.broker.decide(call('remote'));
    expect(await remote).not.toHaveProperty('sandboxed');
    on.broker.dispose();
    off.broker.dispose();
  });
});
