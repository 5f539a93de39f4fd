import { describe, expect, it } from 'vitest';
import { StderrRing } from './StderrRing';

describe('StderrRing', () => {
  it('joins partial lines across chunks and drops the CR of CRLF', () => {
    const ring = new StderrRing();
    expect(ring.push('Starting ser')).toEqual([]);
    expect(ring.tail()).toEqual(['Starting ser']);
    expect(ring.push('ver...\r\nListening on std')).toEqual(['Starting server...']);
    expect(ring.push(Buffer.from('io\r\n'))).toEqual(['Listening on stdio']);
    expect(ring.tail()).toEqual(['Starting server...', 'Listening on stdio']);
  });

  it('decodes UTF-8 characters split between chunks', () => {
    const ring = new StderrRing();
    const bytes = Buffer.from('héllo wörld ✓\n');
    ring.push(bytes.subarray(0, 2));
    ring.push(bytes.subarray(2, 13));
    expect(ring.push(bytes.subarray(13))).toEqual(['héllo wörld ✓']);
  });

  it('keeps only the last maxLines lines', () => {
    const ring = new StderrRing({ maxLines: 3 });
    for (let i = 1; i <= 10; i++) ring.push(`line ${i}\n`);
    expect(ring.tail()).toEqual(['line 8', 'line 9', 'line 10']);
  });

  it('keeps the tail within maxBytes', () => {
    const ring = new StderrRing({ maxLines: 1000, maxBytes: 100 });
    for (let i = 0; i < 50; i++) ring.push(`${String(i).padStart(2, '0')}-${'x'.repeat(16)}\n`);
    const tail = ring.tail();
    expect(Buffer.byteLength(tail.join('\n'))).toBeLessThanOrEqual(100);
    expect(tail.at(-1)).toBe(`49-${'x'.repeat(16)}`);
    expect(tail.length).toBe(5);
  });

  it('cuts absurdly long lines, noting how much was cut, even when they arrive in pieces', () => {
    const ring = new StderrRing({ maxLineLength: 10 });
    ring.push('a'.repeat(8));
    ring.push('b'.repeat(1000));
    expect(ring.push('c\nshort\n')).toEqual(['aaaaaaaabb … [999 more characters]', 'short']);
    expect(ring.push(`${'z'.repeat(12)}\r\n`)).toEqual(['zzzzzzzzzz … [3 more characters]']);
  });

  it('turns a trailing line without newline into a line at the end', () => {
    const ring = new StderrRing();
    ring.push('Error: FOO is not set');
    expect(ring.end()).toEqual(['Error: FOO is not set']);
    expect(ring.end()).toEqual([]);
    expect(ring.text()).toBe('Error: FOO is not set');
  });
});
