// The least a window's path to a large result can cost: a process with a WebSocket on loopback in
// front of a plain stdio pipe to the server, doing only what any host must with an answer before
// a window gets it, namely decode its line and parse it (to know which request it answers), and
// then frame it: the answer's own bytes, copied once into a reused buffer, become the result
// frame's `value`. No SDK, validation, re-escaping, recording or events.
// With `--unparsed` it is the floor of the hop alone: an answer to the one call awaited is framed
// without being decoded or parsed (the bench makes one call at a time, and the fixture server
// writes an answer's `result` first, so the line's first bytes tell an answer from a
// notification; an answer that does not start so stops the relay rather than being parsed).
// `node resultRelay.mjs SERVER_SCRIPT PLAN_FILE [--unparsed]` prints `PORT` once it listens.
// PLAN_FILE holds `{ handshake: [{ line, answered }], call }`: the host's own handshake lines,
// written in order (waiting for the answer to each one the host got answered), and the host's
// `tools/call` request, sent again with a fresh id and each invoke frame's `input.arguments`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { WebSocketServer } from 'ws';

const [script, planFile, mode] = process.argv.slice(2);
const unparsed = mode === '--unparsed';
const ANSWER_START = Buffer.from('{"result":');
const plan = JSON.parse(readFileSync(planFile, 'utf8'));
const server = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'ignore'] });
server.on('exit', () => process.exit(1));

/** Answers awaited, by request id. */
const waiting = new Map();
/** The id of the call awaited (the handshake is over by the time there is one). */
let calling;
let pieces = [];
let joined = Buffer.allocUnsafeSlow(1 << 20);
server.stdout.on('data', (chunk) => {
  let start = 0;
  for (let newline = chunk.indexOf(10); newline >= 0; newline = chunk.indexOf(10, start)) {
    pieces.push(chunk.subarray(start, newline));
    start = newline + 1;
    onLine(join(pieces));
    pieces = [];
  }
  if (start < chunk.length) pieces.push(chunk.subarray(start));
});

/** The pieces of one line as one buffer (valid until the next line): reused, or the one piece. */
function join(parts) {
  if (parts.length === 1) return parts[0];
  let bytes = 0;
  for (const part of parts) bytes += part.length;
  if (joined.length < bytes) joined = Buffer.allocUnsafeSlow(bytes * 2);
  let at = 0;
  for (const part of parts) at += part.copy(joined, at);
  return joined.subarray(0, bytes);
}

function onLine(line) {
  if (
    unparsed &&
    calling !== undefined &&
    line.subarray(0, ANSWER_START.length).equals(ANSWER_START)
  ) {
    const onAnswer = waiting.get(calling);
    waiting.delete(calling);
    calling = undefined;
    onAnswer?.(line);
    return;
  }
  const message = JSON.parse(line.toString('utf8'));
  if (message.method !== undefined || message.id === undefined) return;
  if (unparsed && message.id === calling) {
    process.stderr.write('resultRelay --unparsed: an answer that does not start with its result\n');
    process.exit(2);
  }
  const onAnswer = waiting.get(message.id);
  waiting.delete(message.id);
  // At once: the buffer under `line` is reused for the next line.
  onAnswer?.(line);
}

/** Writes one request line; `onAnswer` gets the answer's bytes, valid only during the call. */
function request(line, id, onAnswer) {
  waiting.set(id, onAnswer);
  server.stdin.write(`${line}\n`);
}

for (const { line, answered } of plan.handshake) {
  if (answered) await new Promise((resolve) => request(line, JSON.parse(line).id, resolve));
  else server.stdin.write(`${line}\n`);
}

let nextId = 1_000_000;
let frame = Buffer.allocUnsafeSlow(1 << 20);
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
wss.on('connection', (ws) => {
  ws.on('message', (data) => {
    const invoke = JSON.parse(data.toString('utf8'));
    const id = nextId++;
    calling = id;
    const params = { ...plan.call.params, arguments: invoke.input.arguments };
    request(JSON.stringify({ ...plan.call, id, params }), id, (answer) => {
      const head = Buffer.from(`{"kind":"result","id":${invoke.id},"result":{"ok":true,"value":`);
      const bytes = head.length + answer.length + 2;
      if (frame.length < bytes) frame = Buffer.allocUnsafeSlow(bytes * 2);
      let at = head.copy(frame, 0);
      at += answer.copy(frame, at);
      frame.write('}}', at);
      // The bench makes one call at a time, each after the last frame arrived whole: by the next
      // answer, this write is done and the buffer free again.
      ws.send(frame.subarray(0, bytes), { binary: false });
    });
  });
});
wss.on('listening', () => {
  process.stdout.write(`${wss.address().port}\n`);
});
process.on('SIGTERM', () => {
  server.kill();
  process.exit(0);
});
