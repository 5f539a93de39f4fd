import { describe, expect, it } from 'vitest';
import { mapToolResult } from './mapToolResult';

describe('mapToolResult', () => {
  it('maps text, images and embedded text resources in order', () => {
    expect(
      mapToolResult({
        content: [
          { type: 'text', text: 'hello' },
          { type: 'image', data: 'iVBO', mimeType: 'image/PNG' },
          {
            type: 'resource',
            resource: { uri: 'file:///a', mimeType: 'text/plain', text: 'body' },
          },
        ],
      }),
    ).toEqual([
      { type: 'text', text: 'hello' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' } },
      { type: 'text', text: 'body' },
    ]);
  });

  it('sends structuredContent as JSON only when there is no text', () => {
    expect(mapToolResult({ content: [], structuredContent: { a: 1 } })).toEqual([
      { type: 'text', text: '{"a":1}' },
    ]);
    expect(
      mapToolResult({ content: [{ type: 'text', text: 'a is 1' }], structuredContent: { a: 1 } }),
    ).toEqual([{ type: 'text', text: 'a is 1' }]);
  });

  it('media with structured content: the media as media or a note, never its base64 as text', () => {
    const png = 'iVBORw0KGgo' + 'A'.repeat(40_000);
    const wav = 'UklGR' + 'B'.repeat(60_000) + '==';
    const blocks = mapToolResult({
      content: [
        { type: 'image', data: png, mimeType: 'image/png' },
        { type: 'audio', data: wav, mimeType: 'audio/wav' },
      ],
      structuredContent: {
        image: png,
        audio: { data: `data:audio/wav;base64,${wav}`, seconds: 2 },
        caption: 'A red square',
      },
    });
    expect(blocks[0]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: png },
    });
    const texts = blocks.slice(1).map((b) => (b.type === 'text' ? b.text : ''));
    const text = texts.join('\n');
    expect(text.length).toBeLessThan(400);
    expect(text).not.toContain('AAAAAAAA');
    expect(text).not.toContain('BBBBBBBB');
    expect(JSON.parse(texts.at(-1) ?? '')).toEqual({
      image: '[30008 bytes of binary data, not sent as text]',
      audio: { data: '[45003 bytes of binary data, not sent as text]', seconds: 2 },
      caption: 'A red square',
    });
  });

  it('notes what the model cannot take instead of dropping it silently', () => {
    const blocks = mapToolResult({
      content: [
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        { type: 'image', data: 'AAAA', mimeType: 'image/svg+xml' },
        { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAAA' } },
        {
          type: 'resource',
          resource: { uri: 'file:///c.jpg', mimeType: 'image/jpeg', blob: 'AAAA' },
        },
        { type: 'resource_link', uri: 'file:///d', name: 'd', description: 'a file' },
        { type: 'text', text: '' },
      ],
    });
    expect(blocks).toEqual([
      { type: 'text', text: '[audio (audio/wav, 3 bytes) not sent to the model]' },
      {
        type: 'text',
        text: '[image of type image/svg+xml not shown to the model: unsupported type]',
      },
      {
        type: 'text',
        text: '[binary resource file:///b.bin (unknown type, 3 bytes) not sent to the model]',
      },
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'AAAA' } },
      { type: 'text', text: '[resource link: d <file:///d> — a file]' },
    ]);
  });
});
