import { describe, expect, it } from 'vitest';
import { droppedResponseId } from './droppedResponseId';

const ends = (text: string) => ({
  bytes: text.length,
  head: text.slice(0, 512),
  tail: text.slice(-512),
});
const big = '"' + 'x'.repeat(4000) + '"';

describe('droppedResponseId', () => {
  it('reads the id of a response from whichever end holds it', () => {
    expect(droppedResponseId(ends(`{"result":{"t":${big}},"jsonrpc":"2.0","id":7}`))).toBe(7);
    expect(droppedResponseId(ends(`{"jsonrpc":"2.0","id":"a\\"b","result":${big}}\r`))).toBe('a"b');
    expect(droppedResponseId(ends(`{"jsonrpc":"2.0","error":{"m":${big}},"id":-3}`))).toBe(-3);
  });

  it('answers for nothing that is not a response, or whose id it cannot see', () => {
    // A request or notification from the server: an answer in its name would be a lie.
    expect(droppedResponseId(ends(`{"jsonrpc":"2.0","method":"x","params":${big},"id":1}`))).toBe(
      undefined,
    );
    // An id nested inside the result is not the message's.
    expect(droppedResponseId(ends(`{"result":{"id":5,"v":${big}}}`))).toBe(undefined);
    expect(droppedResponseId(ends(`{"result":${big},"id":{"x":1}}`))).toBe(undefined);
    expect(droppedResponseId(ends(big))).toBe(undefined);
  });
});
