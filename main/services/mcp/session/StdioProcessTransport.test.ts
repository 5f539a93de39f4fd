import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  Client,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  type JSONRPCMessage,
} from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { buildServerEnv } from '../launch/buildServerEnv';
import { DroppedAnswer } from './droppedResponseId';
import { mapSdkError } from './mapSdkError';
import { wireTextOf } from './wireText';
import { isProcessAlive } from '../launch/isProcessAlive';
import { RotatingLogFile } from '../../../platform/RotatingLogFile';
import { fixtureServer, ProcessJanitor } from '../launch/testing/ProcessJanitor';
import {
  StdioProcessTransport,
  type NonJsonLine,
  type StdioProcessTransportOptions,
} from './StdioProcessTransport';

type TextBlock = { type: 'text'; text: string };

function texts(result: unknown): string[] {
  const content = (result as { content: TextBlock[] }).content;
  return content.map((block) => block.text);
}

describe.skipIf(process.platform === 'win32')('StdioProcessTransport', () => {
  const janitor = new ProcessJanitor();
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stdio-transport-'));
  });

  afterEach(async () => {
    vi.unstubAllEnvs();
    await janitor.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  function transportFor(
    fixture: string,
    options: Partial<StdioProcessTransportOptions> = {},
  ): StdioProcessTransport {
    const transport = new StdioProcessTransport({
      command: process.execPath,
      args: [fixtureServer(fixture)],
      env: buildServerEnv({}, process.env),
      serverName: fixture,
      killGraceMs: 200,
      ...options,
    });
    janitor.onCleanup(async () => {
      await transport.close();
    });
    return transport;
  }

  async function connect(
    transport: StdioProcessTransport,
    options: ConstructorParameters<typeof Client>[1] = { capabilities: {} },
  ): Promise<Client> {
    const client = new Client({ name: 'switchboard-test', version: '0.0.0' }, options);
    janitor.onCleanup(() => client.close());
    await client.connect(transport);
    janitor.trackGroup(transport.pid ?? undefined);
    return client;
  }

  it('talks to a well-behaved server through the SDK client', async () => {
    const stderrLines: string[] = [];
    const logFile = new RotatingLogFile({ dir, name: 'echo' });
    const transport = transportFor('echo.mjs', {
      logFile,
      onStderrLine: (line) => stderrLines.push(line),
    });
    const client = await connect(transport);

    const tools = await client.listTools();
    expect(tools.tools.map((tool) => tool.name).sort()).toEqual(['echo', 'env', 'slow']);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'héllo ✓' } });
    expect(texts(result)).toEqual(['héllo ✓']);

    const progress: number[] = [];
    const slow = await client.callTool(
      { name: 'slow', arguments: { steps: 4, delayMs: 20 } },
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(texts(slow)).toEqual(['done after 4 steps']);
    // The last notification may race the response (SDK issue #2580): best effort.
    expect(progress.slice(0, 3)).toEqual([1, 2, 3]);

    expect(transport.pid).toBeGreaterThan(0);
    expect(transport.stderrTail).toContain('fixture-echo: ready');
    expect(stderrLines).toContain('fixture-echo: ready');
    expect(transport.nonJsonLineCount).toBe(0);

    const pid = transport.pid ?? 0;
    const closed = vi.fn();
    const previous = transport.onclose;
    transport.onclose = () => {
      closed();
      previous?.();
    };
    await client.close();
    expect(closed).toHaveBeenCalledOnce();
    expect(isProcessAlive(pid)).toBe(false);
    await logFile.flush();
    const log = await readFile(logFile.path, 'utf8');
    expect(log).toMatch(/\[switchboard\] started pid \d+: /);
    expect(log).toContain('fixture-echo: ready');
  });

  it('keeps the line each message travelled as, for the Traffic tab', async () => {
    const transport = transportFor('echo.mjs');
    const seen: { direction: string; message: object }[] = [];
    const client = await connect(transport);
    const { onmessage } = transport;
    transport.onmessage = (message: JSONRPCMessage) => {
      seen.push({ direction: 'in', message });
      onmessage?.(message);
    };
    const send = transport.send.bind(transport);
    transport.send = (message: JSONRPCMessage) => {
      seen.push({ direction: 'out', message });
      return send(message);
    };
    await client.callTool({ name: 'echo', arguments: { text: 'as sent' } });
    const out = seen.find((s) => s.direction === 'out');
    const back = seen.find((s) => s.direction === 'in');
    expect(wireTextOf(out?.message)).toBe(JSON.stringify(out?.message));
    // The server's own line, parsed into the message the SDK got.
    expect(JSON.parse(wireTextOf(back?.message) ?? 'null')).toEqual(back?.message);
  });

  it('is recognised as stdio by the SDK, so auto negotiation probes it and finds the modern era', async () => {
    const transport = transportFor('echo.mjs');
    const client = await connect(transport, {
      capabilities: {},
      versionNegotiation: { mode: 'auto', probe: { timeoutMs: 3000 } },
    });
    expect(client.getProtocolEra()).toBe('modern');
    const result = await client.callTool({ name: 'echo', arguments: { text: 'modern' } });
    expect(texts(result)).toEqual(['modern']);
  });

  it('keeps the host environment away from the server', async () => {
    vi.stubEnv('ANTHROPIC_API_KEY', 'sk-ant-api03-must-not-leak');
    const transport = transportFor('echo.mjs', {
      env: buildServerEnv({ CONFIGURED: 'yes' }, process.env),
    });
    const client = await connect(transport);
    const leak = await client.callTool({ name: 'env', arguments: { name: 'ANTHROPIC_API_KEY' } });
    expect(texts(leak)).toEqual(['(unset)']);
    const configured = await client.callTool({ name: 'env', arguments: { name: 'CONFIGURED' } });
    expect(texts(configured)).toEqual(['yes']);
  });

  it('skips and reports stdout lines that are not JSON-RPC, and keeps working', async () => {
    const reported: NonJsonLine[] = [];
    const transport = transportFor('noisy-stdout.mjs', {
      onNonJsonLine: (event) => reported.push(event),
    });
    const client = await connect(transport);
    const result = await client.callTool({
      name: 'echo',
      arguments: { text: 'through the noise' },
    });
    expect(texts(result)).toEqual(['through the noise']);
    expect(reported[0]).toEqual({
      line: 'Noisy server v1.0 starting up...',
      reason: 'not-json',
      count: 1,
    });
    expect(reported[1]).toMatchObject({ reason: 'not-jsonrpc', count: 2 });
    expect(reported.some((event) => event.line.startsWith('debug: about to write'))).toBe(true);
    expect(transport.nonJsonLineCount).toBe(reported.length);
    expect(transport.nonJsonLineCount).toBeGreaterThanOrEqual(4);
  });

  it('receives a 20 MB result intact', async () => {
    const transport = transportFor('huge-result.mjs');
    const client = await connect(transport);
    const bytes = 20 * 1024 * 1024;
    const result = await client.callTool({ name: 'huge', arguments: { bytes } });
    const [text = '', checksum] = texts(result);
    expect(text.length).toBe(bytes);
    expect(checksum).toBe(`sha256:${createHash('sha256').update(text).digest('hex')}`);
  });

  it('fails only the call whose result is over the cap, naming the limit, and keeps the server', async () => {
    const errors: Error[] = [];
    let closed = false;
    const transport = transportFor('huge-result.mjs', { maxMessageBytes: 1024 * 1024 });
    const client = await connect(transport);
    client.onerror = (error) => errors.push(error);
    client.onclose = () => {
      closed = true;
    };
    const pid = transport.pid;
    const error = await client
      .callTool({ name: 'huge', arguments: { bytes: 2 * 1024 * 1024 } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).message).toContain('over the 1048576-byte limit');
    expect((error as ProtocolError).data).toBeInstanceOf(DroppedAnswer);
    expect(mapSdkError(error).message).toContain('over the 1048576-byte limit');
    // The same process answers the next call; nothing closed or restarted.
    const small = await client.callTool({ name: 'huge', arguments: { bytes: 1000 } });
    expect(texts(small)[0]).toHaveLength(1000);
    expect(transport.pid).toBe(pid);
    expect(closed).toBe(false);
    expect(errors).toEqual([]);
  });

  it('receives a 100 MiB result intact under the default cap', async () => {
    // Over the former 64 MiB cap: this call failed with the limit error before.
    const transport = transportFor('huge-result.mjs');
    const client = await connect(transport);
    const bytes = 100 * 1024 * 1024;
    const result = await client.callTool(
      { name: 'huge', arguments: { bytes } },
      { timeout: 120_000 },
    );
    const [text = '', checksum] = texts(result);
    expect(text.length).toBe(bytes);
    expect(checksum).toBe(`sha256:${createHash('sha256').update(text).digest('hex')}`);
  }, 180_000);

  it('fails the waiting calls on an oversized message it cannot tie to one, and keeps the server', async () => {
    const errors: Error[] = [];
    let closed = false;
    const transport = transportFor('oversized-notification.mjs', {
      maxMessageBytes: 1024 * 1024,
    });
    const client = await connect(transport);
    client.onerror = (error) => errors.push(error);
    client.onclose = () => {
      closed = true;
    };
    const pid = transport.pid;
    const started = Date.now();
    const error = await client
      .callTool({ name: 'flood', arguments: { bytes: 2 * 1024 * 1024 } })
      .catch((caught: unknown) => caught);
    // Not the SDK's 60 s request timeout: the call failed at once (slack for a loaded machine).
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).data).toBeInstanceOf(DroppedAnswer);
    expect(mapSdkError(error).message).toContain('over the 1048576-byte limit');
    // The same process answers the next call; nothing closed or restarted.
    const pong = await client.callTool({ name: 'ping', arguments: {} });
    expect(texts(pong)).toEqual(['pong']);
    expect(transport.pid).toBe(pid);
    expect(closed).toBe(false);
    expect(errors).toEqual([]);
  });

  it('rejects an in-flight call promptly when the server exits mid-call', async () => {
    const transport = transportFor('exit-mid-call.mjs');
    const client = await connect(transport);
    const started = Date.now();
    const error = await client
      .callTool({ name: 'crash', arguments: { exitCode: 9, delayMs: 20 } })
      .catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).code).toBe(SdkErrorCode.ConnectionClosed);
    expect(await transport.exited).toEqual({ code: 9, signal: null });
    expect(transport.stderrTail).toContain('fixture-exit-mid-call: exiting with 9 in 20 ms');
  });

  it('surfaces the exit code and stderr tail of a server that dies at start', async () => {
    const transport = transportFor('exit-at-start.mjs');
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
    });
    await expect(connect(transport)).rejects.toThrow();
    await closed;
    expect(transport.exitInfo).toEqual({ code: 3, signal: null });
    expect(transport.stderrTail).toEqual([
      'fixture-exit-at-start: starting',
      'Error: FIXTURE_TOKEN is not set; refusing to start',
    ]);
  });

  it('fails to start with the launch error when the command is missing', async () => {
    const transport = transportFor('echo.mjs', {
      command: 'no-such-mcp-server',
      env: { PATH: dir },
    });
    const error = await connect(transport).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(AppErrorCode.McpSpawnFailed);
    expect((error as AppError).message).toBe(
      `Command 'no-such-mcp-server' was not found. Looked in: ${dir}.`,
    );
  });

  it('times out on a server that never answers, and close() ends it', async () => {
    const transport = transportFor('hang-initialize.mjs');
    const client = new Client({ name: 't', version: '0' }, { capabilities: {} });
    const error = await client.connect(transport, { timeout: 300 }).catch((e: unknown) => e);
    expect((error as SdkError).code).toBe(SdkErrorCode.RequestTimeout);
    const pid = transport.pid ?? 0;
    await transport.close();
    expect(isProcessAlive(pid)).toBe(false);
  });

  it('close() ends the whole tree of a server that ignores EOF and SIGTERM', async () => {
    const pidFile = path.join(dir, 'pids.json');
    const transport = transportFor('stubborn.mjs', {
      env: buildServerEnv({ STUBBORN_PID_FILE: pidFile }, process.env),
    });
    const onclose = vi.fn();
    transport.onclose = onclose;
    await transport.start();
    janitor.trackGroup(transport.pid ?? undefined);
    let pids: { pid: number; grandchildPid: number } | undefined;
    while (!pids) {
      const line = transport.stderrTail.find((l) => l.startsWith('fixture-stubborn pids '));
      if (line) pids = JSON.parse(line.slice('fixture-stubborn pids '.length)) as typeof pids;
      else await sleep(20);
    }
    janitor.trackPid(pids.grandchildPid);
    await transport.close();
    expect(onclose).toHaveBeenCalledOnce();
    expect(isProcessAlive(pids.pid)).toBe(false);
    expect(isProcessAlive(pids.grandchildPid)).toBe(false);
    await expect(
      transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    ).rejects.toMatchObject({ code: AppErrorCode.McpClosed });
  });

  it('close() during start still ends the process that was being started', async () => {
    const transport = transportFor('hang-initialize.mjs');
    const starting = transport.start();
    const closing = transport.close();
    await starting;
    await closing;
    const pid = transport.pid ?? 0;
    expect(pid).toBeGreaterThan(0);
    expect(isProcessAlive(pid)).toBe(false);
    await expect(
      transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    ).rejects.toMatchObject({ code: AppErrorCode.McpClosed });
  });

  it('delivers tools/list_changed from a server that adds a tool at runtime', async () => {
    const changed = vi.fn();
    const transport = transportFor('changing-tools.mjs');
    const client = await connect(transport, {
      capabilities: {},
      listChanged: { tools: { onChanged: changed } },
    });
    await client.callTool({ name: 'add_tool', arguments: { name: 'fresh_tool' } });
    await vi.waitFor(() => expect(changed).toHaveBeenCalled());
    const result = await client.callTool({ name: 'fresh_tool', arguments: {} });
    expect(texts(result)).toEqual(['hello from fresh_tool']);
  });
});
