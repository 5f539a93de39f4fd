import { describe, expect, it } from 'vitest';
import {
  RAW_STRING_MIN_CHARS,
  RawStringSources,
  parseRememberingSources,
} from '../platform/RawStringSources';
import { serializeFrame } from './serializeFrame';

function large(seed: string): string {
  return `${seed} "q" \\ \n\u2028 naïve 😀 `.repeat(Math.ceil(RAW_STRING_MIN_CHARS / 10));
}

function text(frame: string | Buffer): string {
  return typeof frame === 'string' ? frame : frame.toString('utf8');
}

describe('serializeFrame', () => {
  it('is JSON.stringify while no large string is remembered', () => {
    const frame = { kind: 'result', id: 1, result: { ok: true, value: { text: large('x') } } };
    expect(serializeFrame(frame, new RawStringSources()) === JSON.stringify(frame)).toBe(true);
  });

  it('splices remembered strings in as their source text: the frame parses to the same value', () => {
    const sources = new RawStringSources();
    // As a server wrote them: a source that is not how JSON.stringify would escape them.
    const line = `{"a":${JSON.stringify(large('a')).replace('\\n', '\\u000a')},"b":${JSON.stringify(large('b'))}}`;
    const message = parseRememberingSources(line, sources) as { a: string; b: string };
    const frame = {
      kind: 'result',
      id: 7,
      // The same strings in new objects (as validation copies them), twice, among others.
      result: {
        ok: true,
        value: {
          content: [{ text: message.a }, { text: message.b }],
          again: message.a,
          other: large('c'),
          n: 1,
        },
      },
    };
    const out = serializeFrame(frame, sources);
    expect(Buffer.isBuffer(out)).toBe(true);
    expect(JSON.stringify(JSON.parse(text(out))) === JSON.stringify(frame)).toBe(true);
    // The source as it came (its `\u000a`), not written again.
    expect(text(out).includes('\\u000a')).toBe(true);
  });

  it('cannot be fooled by a string that looks like its placeholder', () => {
    const sources = new RawStringSources();
    const message = parseRememberingSources(JSON.stringify({ a: large('a') }), sources) as {
      a: string;
    };
    const frame = { a: message.a, fake: '\u0000not-the-token', list: ['"\\u0000', message.a] };
    expect(
      JSON.stringify(JSON.parse(text(serializeFrame(frame, sources)))) === JSON.stringify(frame),
    ).toBe(true);
  });
});
