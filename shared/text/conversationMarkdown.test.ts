import { describe, expect, it } from 'vitest';
import type { ConversationExport } from '../domain/conversationExport';
import { AppErrorCode } from '../errors';
import { conversationToMarkdown, type MarkdownLabels } from './conversationMarkdown';

const labels: MarkdownLabels = {
  you: 'You',
  assistant: 'Claude',
  subtitle: 'Exported on 1 May 2026',
  toolCall: 'Tool call',
  arguments: 'Arguments',
  result: 'Result',
  attached: 'Attached:',
  image: 'Image',
  cutOff: 'This reply was cut off.',
  untitled: 'Untitled',
};

const document: ConversationExport = {
  format: 'switchboard.conversation',
  version: 1,
  exportedAt: '2026-05-01T10:00:00.000Z',
  conversation: { id: 'c1', title: 'Echo test', createdAt: 1, updatedAt: 2, running: false },
  messages: [
    {
      id: 'm0',
      ordinal: 0,
      role: 'user',
      status: 'complete',
      createdAt: 1,
      content: [
        { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'notes' } },
        { type: 'text', text: 'Please echo ```this```' },
      ],
      attachments: [
        {
          server: 'fs',
          origin: 'resource',
          name: 'notes.txt',
          mimeType: 'text/plain',
          size: 5,
          as: 'document',
        },
      ],
    },
    {
      id: 'm1',
      ordinal: 1,
      role: 'assistant',
      status: 'complete',
      createdAt: 2,
      content: [
        { type: 'text', text: 'Calling it.' },
        { type: 'tool_use', id: 't1', name: 'echo__echo', input: { text: 'this' } },
      ],
    },
    {
      id: 'm2',
      ordinal: 2,
      role: 'user',
      status: 'complete',
      createdAt: 3,
      content: [
        { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'this' }] },
      ],
    },
    {
      id: 'm3',
      ordinal: 3,
      role: 'assistant',
      status: 'failed',
      createdAt: 4,
      content: [{ type: 'text', text: 'It said th' }],
      error: { code: AppErrorCode.LlmNetwork, message: 'The connection broke.' },
    },
  ],
  toolCalls: [
    {
      toolUseId: 't1',
      server: 'echo',
      tool: 'echo',
      modelName: 'echo__echo',
      arguments: { text: 'this' },
      status: 'done',
      result: { content: [{ type: 'text', text: 'th```is' }] },
    },
  ],
};

describe('conversationToMarkdown', () => {
  it('writes title, messages under their headings, tool calls with arguments and result', () => {
    expect(conversationToMarkdown(document, labels)).toBe(
      [
        '# Echo test',
        '',
        '_Exported on 1 May 2026_',
        '',
        '## You',
        '',
        'Please echo ```this```',
        '',
        'Attached:',
        '',
        '- notes.txt (fs, text/plain)',
        '',
        '## Claude',
        '',
        'Calling it.',
        '',
        '**Tool call** `echo › echo` (done)',
        '',
        'Arguments:',
        '',
        '```json',
        '{',
        '  "text": "this"',
        '}',
        '```',
        '',
        'Result:',
        '',
        '````',
        'th```is',
        '````',
        '',
        'It said th',
        '',
        '_This reply was cut off. The connection broke._',
        '',
      ].join('\n'),
    );
  });
});
