import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeAnthropic } from '../../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import type { ApprovalRequest } from '../../../../shared/domain/approvals';
import { fixtureServer } from '../../mcp/testing/McpHarness';
import { startTestHost, type TestHost } from '../../testing/startTestHost';

/** Our v2 App server fixture, spoken to in the given era. */
export function appsFixture(protocol: 'modern' | 'legacy'): Record<string, unknown> {
  return { command: process.execPath, args: [fixtureServer('apps-v2.mjs')], protocol };
}

export interface AppsHost extends TestHost {
  /** Every approval request the broker raised (each allowed once, automatically). */
  approvals: ApprovalRequest[];
  /** Origin labels of closed frames the shell was told to forget, in order. */
  forgotten: string[];
  /** Runs one chat turn with `text` and waits for it to end; returns the conversation id. */
  chat(text: string, conversationId?: string): Promise<string>;
}

/**
 * A real host core with App servers, a sandbox "origin" (no listener: the pages are asked for
 * directly) over a stand-in built renderer, and a person who allows every call once.
 */
export async function startAppsHost(
  fake: FakeAnthropic,
  servers: Record<string, Record<string, unknown>>,
  options: { sandbox?: boolean } = {},
): Promise<AppsHost> {
  const host = await startTestHost(fake, servers);
  const forgotten: string[] = [];
  const { core } = host;
  if (options.sandbox !== false) {
    const rendererDir = await mkdtemp(join(tmpdir(), 'sb-renderer-'));
    await mkdir(join(rendererDir, 'assets'));
    await writeFile(
      join(rendererDir, 'sandbox.html'),
      '<!doctype html><html><head><script type="module" src="./assets/sandbox-x.js"></script></head><body></body></html>',
    );
    await writeFile(join(rendererDir, 'assets', 'sandbox-x.js'), 'console.log("proxy")');
    await writeFile(join(rendererDir, 'assets', 'secret.js'), 'not served');
    core.apps.service.useSandbox({
      frameUrl: (f) => `http://${f.originLabel}.localhost:9/frame/${f.frameId}`,
      parentOrigins: ['http://127.0.0.1:8'],
      hostOrigins: ['http://127.0.0.1:9'],
      rendererDir,
      forget: (label) => forgotten.push(label),
    });
  }
  const approvals: ApprovalRequest[] = [];
  core.broker.onDidRequest((request) => {
    approvals.push(request);
    void core.broker.respond(request.id, { kind: 'allow', scope: 'once' });
  });
  return {
    ...host,
    approvals,
    forgotten,
    async chat(text, existing) {
      const id = existing ?? (await core.handlers['conversation.create']({})).id;
      await core.handlers['conversation.send']({ conversationId: id, text });
      await core.conversations.settled(id);
      return id;
    },
  };
}
