import { describe, expect, it } from 'vitest';
import type { ToolResultContent } from './mapToolResult';
import { truncateResult } from './truncateResult';

const image: ToolResultContent = {
  type: 'image',
  source: { type: 'base64', media_type: 'image/png', data: 'AAAA' },
};

describe('truncateResult', () => {
  it('leaves a result within the budget alone', () => {
    const content: ToolResultContent[] = [{ type: 'text', text: 'short' }, image];
    expect(truncateResult(content, 5)).toEqual({
      content,
      truncated: false,
      totalChars: 5,
      sentChars: 5,
    });
  });

  it('cuts the crossing block, drops later text, keeps images and adds a note', () => {
    const result = truncateResult(
      [
        { type: 'text', text: 'aaaa' },
        { type: 'text', text: 'bbbbbb' },
        image,
        { type: 'text', text: 'cccc' },
      ],
      7,
    );
    expect(result).toEqual({
      truncated: true,
      totalChars: 14,
      sentChars: 7,
      content: [
        { type: 'text', text: 'aaaa' },
        { type: 'text', text: 'bbb' },
        image,
        {
          type: 'text',
          text: '[truncated: 7 of 14 characters; the full result is kept in the app]',
        },
      ],
    });
  });

  it('never splits a surrogate pair', () => {
    const result = truncateResult([{ type: 'text', text: 'a😀b' }], 2);
    expect(result.content[0]).toEqual({ type: 'text', text: 'a' });
    expect(result.sentChars).toBe(1);
  });
});
