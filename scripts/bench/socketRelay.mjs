// The least a window's path to a tool can cost: a WebSocket on loopback in front of a bare SDK
// client, in its own process — no dispatcher, validation, supervision, recording or events.
// `node socketRelay.mjs SERVER_SCRIPT ERA CAPABILITIES_JSON` prints `PORT` once it listens;
// every invoke frame `{ kind, id, name, input: { tool, arguments } }` becomes one `callTool`,
// answered with a result frame shaped as the web shell's (the bench reads both with the same
// client).
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { WebSocketServer } from 'ws';

const [script, era, capabilities] = process.argv.slice(2);
const ignore = () => undefined;
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [script],
  stderr: 'pipe',
});
transport.stderr?.on('data', () => undefined);
// What the host asks of a server, as the bare client does (SAME_ASKS_AS_THE_HOST).
const client = new Client(
  { name: 'switchboard-bench-relay', version: '1.0.0' },
  {
    capabilities: JSON.parse(capabilities),
    listChanged: {
      tools: { onChanged: ignore },
      prompts: { onChanged: ignore },
      resources: { onChanged: ignore },
    },
    ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {}),
  },
);
await client.connect(transport);

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
wss.on('connection', (ws) => {
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString('utf8'));
    // With a progress callback the SDK sends a progressToken, as the host always does.
    const request = { name: frame.input.tool, arguments: frame.input.arguments };
    client.callTool(request, { onprogress: () => undefined }).then(
      (result) =>
        ws.send(
          JSON.stringify({ kind: 'result', id: frame.id, result: { ok: true, value: { result } } }),
        ),
      (error) =>
        ws.send(
          JSON.stringify({
            kind: 'result',
            id: frame.id,
            result: { ok: false, error: { code: 'INTERNAL', message: String(error) } },
          }),
        ),
    );
  });
});
wss.on('listening', () => {
  process.stdout.write(`${wss.address().port}\n`);
});
process.on('SIGTERM', () => {
  void client.close().finally(() => process.exit(0));
});
