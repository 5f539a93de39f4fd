import { describe, expect, it } from 'vitest';
import { userMessage } from '../../testing/chatFixtures';
import { outcomeView, sentToolResults, sentView, viewChars } from './toolResults';

describe('tool results', () => {
  it('finds what the model was sent for each call', () => {
    const carrier = userMessage(3, '', {
      content: [
        { type: 'tool_result', tool_use_id: 'a', content: [{ type: 'text', text: 'one' }] },
        { type: 'tool_result', tool_use_id: 'b', is_error: true },
      ],
    });
    const results = sentToolResults([userMessage(0, 'hi'), carrier]);
    expect(Object.keys(results)).toEqual(['a', 'b']);
    expect(sentView(results.b ?? { type: 'tool_result', tool_use_id: 'b' }).isError).toBe(true);
  });

  it('shows sent images as images and counts text characters', () => {
    const view = sentView({
      type: 'tool_result',
      tool_use_id: 'a',
      content: [
        { type: 'text', text: 'abc' },
        {
          type: 'image',
          source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' },
        },
      ],
    });
    expect(view.blocks[1]).toEqual({
      type: 'image',
      src: 'data:image/png;base64,iVBORw0KGgo=',
      mimeType: 'image/png',
    });
    expect(viewChars(view)).toBe(3);
  });

  it('reads an outcome with structured content and resources', () => {
    const view = outcomeView({
      content: [{ type: 'resource', resource: { uri: 'file:///a', text: 'body' } }],
      structuredContent: { ok: true },
      isError: false,
    });
    expect(view.blocks[0]?.type).toBe('resourceText');
    expect(view.structuredContent).toEqual({ ok: true });
    expect(viewChars(view)).toBe(4);
  });
});
