import { describe, expect, it } from 'vitest';
import type { MessagesRequestBody } from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { message, text, toolUse } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import type { AppFrame } from '../../../shared/domain/apps';
import { AppErrorCode } from '../../../shared/errors';
import { useTestHosts } from '../testing/useTestHosts';
import { appsFixture, startAppsHost, type AppsHost } from './testing/startAppsHost';

const hosts = useTestHosts(startAppsHost);

async function twoEras(): Promise<AppsHost> {
  const host = await hosts.start({ modern: appsFixture('modern'), legacy: appsFixture('legacy') });
  expect(host.core.mcp.supervisor('modern').info?.era).toBe('modern');
  expect(host.core.mcp.supervisor('legacy').info?.era).toBe('legacy');
  return host;
}

function bodies(): MessagesRequestBody[] {
  return hosts.fake.messageRequests.map((r) => r.body as MessagesRequestBody);
}

async function openFrame(host: AppsHost, server: string, uri: string): Promise<AppFrame> {
  const result = await host.core.handlers['apps.open']({
    target: { kind: 'preview', server, uri },
  });
  if (!result.ok) throw new Error(`not opened: ${result.failure.detail}`);
  return result.frame;
}

const COUNTER = 'ui://apps-fixture/counter.html';

describe('MCP Apps in the host core', () => {
  it('declares the UI extension in both eras; App-only tools never reach the model', async () => {
    const host = await twoEras();
    hosts.fake.script(
      message([
        toolUse('modern__counter', {}, 'toolu_m'),
        toolUse('legacy__counter', {}, 'toolu_l'),
      ]),
      message('done'),
    );
    await host.chat('Show the counters');
    const [first, second] = bodies();
    const offered = first?.tools?.map((t) => t.name) ?? [];
    expect(offered).toEqual(expect.arrayContaining(['modern__counter', 'legacy__counter']));
    expect(offered).not.toContain('modern__bump');
    expect(offered).not.toContain('legacy__bump');
    expect(offered).toContain('modern__secret');
    // Each server saw the extension in the client's capabilities (2026: per request).
    for (const id of ['toolu_m', 'toolu_l']) {
      expect(host.core.conversations.getToolResult(id).outcome.structuredContent).toEqual({
        count: 0,
        uiDeclared: true,
      });
    }
    const results = JSON.stringify(second?.messages.at(-1));
    // The model is told the App was sent for display (no window reported on it yet).
    expect(results).toContain(
      `Host note: this result was sent to the tool's interactive UI (${COUNTER}) for display`,
    );
  });

  it('prepares frames: CSP from declared domains only, failures by kind, HTML by hash', async () => {
    const host = await twoEras();
    const frame = await openFrame(host, 'modern', COUNTER);
    expect(frame.tool?.name).toBe('counter');
    expect(frame.prefersBorder).toBe(true);
    const declared = frame.csp.connectDomains?.[0] ?? '';
    expect(declared).toMatch(/^http:\/\/pong\.apps-fixture\.test:\d+$/);
    const { service } = host.core.apps;
    // Each frame has an origin of its own; its page is served there only.
    const label = new URL(frame.proxyUrl).hostname.replace(/\.localhost$/, '');
    expect(label).toMatch(/^[0-9a-f]{32}$/);
    const page = await service.sandboxResponse(label, `/frame/${frame.frameId}`);
    expect(page.status).toBe(200);
    expect(page.headers['Content-Security-Policy']).toContain(`connect-src ${declared}`);
    expect(page.headers['Content-Security-Policy']).toContain('frame-ancestors http://127.0.0.1:8');
    expect(String(page.body)).toContain('src="/assets/sandbox-x.js"');
    expect(String(page.body)).toContain('sandbox-config');
    expect((await service.sandboxResponse(label, '/assets/sandbox-x.js')).status).toBe(200);
    expect((await service.sandboxResponse(label, '/assets/secret.js')).status).toBe(404);
    expect((await service.sandboxResponse(label, '/frame/unknown')).status).toBe(404);
    // Another origin (no frame's, or another frame's) serves neither the page nor the script.
    const stranger = 'f'.repeat(32);
    expect((await service.sandboxResponse(stranger, `/frame/${frame.frameId}`)).status).toBe(404);
    expect((await service.sandboxResponse(stranger, '/assets/sandbox-x.js')).status).toBe(404);

    const html = (await host.core.handlers['apps.getHtml']({ frameId: frame.frameId })).html;
    expect(html).toContain('<title>Counter</title>');
    // Another showing of the same App: the same origin (one browser process for both), its
    // own page there.
    const again = await openFrame(host, 'modern', COUNTER);
    expect(again.contentHash).toBe(frame.contentHash);
    expect(again.frameId).not.toBe(frame.frameId);
    expect(new URL(again.proxyUrl).origin).toBe(new URL(frame.proxyUrl).origin);
    expect((await service.sandboxResponse(label, `/frame/${again.frameId}`)).status).toBe(200);
    // Other Apps (another resource; the same resource of another server): origins of their own,
    // where this App's page is not served.
    const others = [
      await openFrame(host, 'modern', 'ui://apps-fixture/throws.html'),
      await openFrame(host, 'legacy', COUNTER),
    ];
    const labelOf = (f: AppFrame) => new URL(f.proxyUrl).hostname.replace(/\.localhost$/, '');
    expect(new Set([label, ...others.map(labelOf)]).size).toBe(3);
    for (const other of others) {
      expect(
        (await service.sandboxResponse(labelOf(other), `/frame/${other.frameId}`)).status,
      ).toBe(200);
      const stolen = await service.sandboxResponse(labelOf(other), `/frame/${frame.frameId}`);
      expect(stolen.status).toBe(404);
    }

    const failure = async (uri: string) => {
      const result = await host.core.handlers['apps.open']({
        target: { kind: 'preview', server: 'modern', uri },
      });
      return result.ok ? undefined : result.failure;
    };
    expect(await failure('ui://apps-fixture/missing.html')).toMatchObject({
      kind: 'resource-missing',
    });
    expect(await failure('ui://apps-fixture/plain.html')).toMatchObject({
      kind: 'wrong-mime',
      detail: expect.stringContaining('text/plain') as unknown,
    });
    await host.core.handlers['apps.close']({ frameId: frame.frameId });
    expect((await service.sandboxResponse(label, `/frame/${frame.frameId}`)).status).toBe(404);
    // Its origin stays while another showing of the App is open; then what it stored goes.
    expect(host.forgotten).toEqual([]);
    expect((await service.sandboxResponse(label, '/assets/sandbox-x.js')).status).toBe(200);
    await host.core.handlers['apps.close']({ frameId: again.frameId });
    expect(host.forgotten).toEqual([label]);
    expect((await service.sandboxResponse(label, '/assets/sandbox-x.js')).status).toBe(404);
    // What keeps a shown App's process warm: an empty page, no script, on origins of this run
    // only.
    const warm = await service.sandboxResponse(label, '/warm');
    expect(warm.status).toBe(200);
    expect(String(warm.body)).not.toMatch(/<script|src=|href=/i);
    expect(warm.headers['Content-Security-Policy']).toBe(
      "default-src 'none'; frame-ancestors http://127.0.0.1:8",
    );
    expect((await service.sandboxResponse(stranger, '/warm')).status).toBe(404);
    expect((await service.sandboxResponse(label, '/warm/x')).status).toBe(404);
  });

  it('reads a UI resource once per session until the server says its resources changed', async () => {
    const host = await twoEras();
    const reads = () =>
      host.core.mcp
        .supervisor('modern')
        .trafficSince()
        .filter((e) => e.direction === 'out' && e.method === 'resources/read').length;
    await openFrame(host, 'modern', COUNTER);
    await openFrame(host, 'modern', COUNTER);
    expect(reads()).toBe(1);
    host.core.events.emit('mcp.listChanged', { server: 'modern', list: 'resources' });
    await openFrame(host, 'modern', COUNTER);
    expect(reads()).toBe(2);
    await openFrame(host, 'modern', COUNTER);
    expect(reads()).toBe(2);
    // A new session (restart) reads its pages anew.
    await host.core.mcp.restart('modern');
    await host.core.mcp.settled(20_000);
    await openFrame(host, 'modern', COUNTER);
    expect(reads()).toBe(3);
  });

  it('routes App tool calls: visibility checked in main, approvals name the App', async () => {
    const host = await twoEras();
    const frame = await openFrame(host, 'modern', COUNTER);
    const call = (name: string) =>
      host.core.handlers['apps.callTool']({ frameId: frame.frameId, name, arguments: {} });
    const bumped = await call('bump');
    expect(bumped.result).toMatchObject({ structuredContent: { count: 1 } });
    expect(host.approvals.at(-1)).toMatchObject({
      server: 'modern',
      toolName: 'bump',
      caller: { kind: 'app', tool: 'counter', resourceUri: COUNTER },
    });
    await expect(call('secret')).rejects.toMatchObject({ code: AppErrorCode.Forbidden });
    await expect(call('no-such-tool')).rejects.toMatchObject({ code: AppErrorCode.NotFound });
    expect(host.approvals.map((a) => a.toolName)).toEqual(['bump']);
    await expect(
      host.core.handlers['apps.callTool']({ frameId: 'f'.repeat(32), name: 'bump', arguments: {} }),
    ).rejects.toMatchObject({ code: AppErrorCode.NotFound });
    const logs = host.core.mcp.supervisor('modern').logsSince();
    expect(logs.some((e) => e.source === 'app' && e.text.includes('called bump'))).toBe(true);
  });

  it('a failure reported after the result was sent reaches the model with the next message', async () => {
    const host = await twoEras();
    hosts.fake.script(message([toolUse('modern__counter', {}, 'toolu_counter')]), message('ok'));
    const conversationId = await host.chat('Show the counter');
    const opened = await host.core.handlers['apps.open']({
      target: { kind: 'toolCall', toolUseId: 'toolu_counter' },
    });
    if (!opened.ok) throw new Error(opened.failure.detail);
    expect(opened.frame.toolInput).toEqual({});
    await host.core.handlers['apps.report']({
      frameId: opened.frame.frameId,
      report: { kind: 'failed', failure: { kind: 'init-timeout', detail: 'no ui/initialize' } },
    });
    await host.core.handlers['apps.updateContext']({
      frameId: opened.frame.frameId,
      content: [{ type: 'text', text: 'The person picked 42.' }],
    });
    expect(
      (await host.core.handlers['apps.pendingContext']({ conversationId })).contexts.map(
        (c) => c.kind,
      ),
    ).toEqual(['status', 'context']);
    hosts.fake.script(message([text('noted')]));
    await host.chat('What now?', conversationId);
    const last = JSON.stringify(bodies().at(-1)?.messages.at(-1));
    expect(last).toContain('did not render');
    expect(last).toContain('no ui/initialize');
    expect(last).toContain('The person picked 42.');
    expect((await host.core.handlers['apps.pendingContext']({ conversationId })).contexts).toEqual(
      [],
    );
    const page = host.core.conversations.get(conversationId);
    const user = page.messages.filter((m) => m.role === 'user').at(-1);
    expect(user?.attachments?.map((a) => [a.origin, a.name])).toEqual([
      ['app', 'App status: counter'],
      ['app', 'App context: counter'],
    ]);
    expect(page.toolCalls.find((c) => c.toolUseId === 'toolu_counter')?.uiResourceUri).toBe(
      COUNTER,
    );
  });
});

describe('MCP Apps without a sandbox (the CLI)', () => {
  const cli = useTestHosts((fake, servers: Record<string, Record<string, unknown>>) =>
    startAppsHost(fake, servers, { sandbox: false }),
  );

  it('says so to the model and to a window asking', async () => {
    const host = await cli.start({ modern: appsFixture('modern') });
    cli.fake.script(message([toolUse('modern__counter', {})]), message('done'));
    await host.chat('Show the counter');
    const sent = JSON.stringify(
      (cli.fake.messageRequests[1]?.body as MessagesRequestBody).messages,
    );
    expect(sent).toContain('this host has no screen to show it on');
    const result = await host.core.handlers['apps.open']({
      target: { kind: 'preview', server: 'modern', uri: COUNTER },
    });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'no-sandbox' } });
  });
});
