import { describe, expect, it } from 'vitest';
import { rememberWireText, TRAFFIC_PREVIEW_CHARS } from '../session/wireText';
import { TrafficRecorder } from './TrafficRecorder';

describe('TrafficRecorder', () => {
  it('shows a message as it travelled when its line is known', () => {
    const recorder = new TrafficRecorder();
    const message = { jsonrpc: '2.0', id: 1, result: { text: 'é' } };
    // Spaces as the server wrote them: the preview is the wire's text, not a re-serialization.
    const line = '{"jsonrpc": "2.0", "id": 1, "result": {"text": "é"}}';
    rememberWireText(message, line);
    const entry = recorder.record({ direction: 'in', message, at: 1 });
    expect(entry).toMatchObject({
      kind: 'response',
      id: 1,
      preview: line,
      bytes: Buffer.byteLength(line),
      truncated: false,
    });
  });

  it('serializes a message whose line is unknown or too long to keep, as before', () => {
    const recorder = new TrafficRecorder();
    const short = { jsonrpc: '2.0', method: 'notifications/initialized' };
    expect(recorder.record({ direction: 'out', message: short, at: 1 })).toMatchObject({
      kind: 'notification',
      preview: JSON.stringify(short),
      bytes: JSON.stringify(short).length,
    });
    const long = { jsonrpc: '2.0', id: 2, result: { text: 'x'.repeat(TRAFFIC_PREVIEW_CHARS) } };
    rememberWireText(long, `${JSON.stringify(long)}\n`);
    const entry = recorder.record({ direction: 'in', message: long, at: 2 });
    expect(entry.truncated).toBe(true);
    expect(entry.preview).toHaveLength(TRAFFIC_PREVIEW_CHARS);
    expect(entry.bytes).toBe(JSON.stringify(long).length);
  });

  it('drops the newline a written line ends with, and redacts what it shows', () => {
    const recorder = new TrafficRecorder(10, (text) => text.replaceAll('s3cret', '[redacted]'));
    const message = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { key: 's3cret' } };
    rememberWireText(message, `${JSON.stringify(message)}\n`);
    const entry = recorder.record({ direction: 'out', message, at: 3 });
    expect(entry.preview).toBe(JSON.stringify(message).replace('s3cret', '[redacted]'));
    expect(entry.bytes).toBe(JSON.stringify(message).length);
  });
});
