import { describe, expect, it } from 'vitest';
import { contentBlock, resourceContents, toolResultView } from './contentBlocks';

describe('content blocks', () => {
  it('reads every kind of tool result content', () => {
    const view = toolResultView({
      content: [
        { type: 'text', text: 'hello' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' },
        { type: 'resource', resource: { uri: 'file:///b.txt', text: 'bee' } },
        { type: 'resource', resource: { uri: 'file:///c.bin', blob: 'AAAA', mimeType: 'x/y' } },
        { type: 'something-new', payload: 1 },
      ],
      structuredContent: { n: 1 },
      isError: true,
    });
    expect(view.isError).toBe(true);
    expect(view.structuredContent).toEqual({ n: 1 });
    expect(view.blocks).toEqual([
      { type: 'text', text: 'hello' },
      { type: 'image', src: 'data:image/png;base64,iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'audio', src: 'data:audio/wav;base64,UklGRg==', mimeType: 'audio/wav' },
      { type: 'resourceLink', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' },
      { type: 'resourceText', uri: 'file:///b.txt', text: 'bee' },
      { type: 'resourceBlob', uri: 'file:///c.bin', mimeType: 'x/y', bytes: 3 },
      { type: 'unknown', value: { type: 'something-new', payload: 1 } },
    ]);
  });

  it('never builds a data URL from a suspicious type or payload', () => {
    expect(contentBlock({ type: 'image', data: 'AAAA', mimeType: 'text/html' }).type).toBe(
      'unknown',
    );
    expect(contentBlock({ type: 'image', data: 'AAAA', mimeType: 'image/png;x=")' }).type).toBe(
      'unknown',
    );
    expect(contentBlock({ type: 'image', data: '<svg>', mimeType: 'image/svg+xml' }).type).toBe(
      'unknown',
    );
  });

  it('shows an image resource as an image', () => {
    expect(resourceContents({ uri: 'x:/i', blob: 'AAAA', mimeType: 'image/gif' })).toEqual({
      type: 'resourceImage',
      uri: 'x:/i',
      src: 'data:image/gif;base64,AAAA',
      mimeType: 'image/gif',
    });
  });

  it('tolerates a result without content', () => {
    expect(toolResultView({})).toEqual({ blocks: [], isError: false });
  });
});
