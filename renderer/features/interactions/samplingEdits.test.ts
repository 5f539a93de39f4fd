import { describe, expect, it } from 'vitest';
import { samplingInteraction } from './interactionFixtures';
import {
  approveRequestDecision,
  approveResultDecision,
  initialRequestEdits,
  initialResultTexts,
  maxTokensIssue,
  textKey,
} from './samplingEdits';

const { request } = samplingInteraction('s1');

describe('samplingEdits', () => {
  it('starts from the request, max tokens capped by the server limit', () => {
    const edits = initialRequestEdits(request, 'claude-haiku-4-5', 300);
    expect(edits).toEqual({
      systemPrompt: 'You are a helpful test server.',
      texts: { '0:0': 'Resource context: write a haiku', '2:1': 'Now the haiku.' },
      maxTokens: '300',
      model: 'claude-haiku-4-5',
    });
    expect(initialRequestEdits(request, 'm').maxTokens).toBe('500');
  });

  it('approves with only the changed texts, and the system prompt only when edited', () => {
    const edits = initialRequestEdits(request, 'claude-haiku-4-5');
    expect(approveRequestDecision(request, edits)).toEqual({
      action: 'approve-request',
      model: 'claude-haiku-4-5',
      maxTokens: 500,
      texts: [],
    });
    const changed = {
      ...edits,
      systemPrompt: '',
      maxTokens: ' 64 ',
      model: 'claude-sonnet-4-5',
      texts: { ...edits.texts, [textKey(2, 1)]: 'A limerick instead.' },
    };
    expect(approveRequestDecision(request, changed)).toEqual({
      action: 'approve-request',
      model: 'claude-sonnet-4-5',
      maxTokens: 64,
      systemPrompt: '',
      texts: [{ message: 2, block: 1, text: 'A limerick instead.' }],
    });
  });

  it('checks max tokens against the limit', () => {
    expect(maxTokensIssue('100', 200)).toBeUndefined();
    expect(maxTokensIssue('201', 200)).toEqual({ code: 'range', max: 200 });
    expect(maxTokensIssue('0')).toEqual({ code: 'range', max: 1_000_000 });
    expect(maxTokensIssue('1.5')).toEqual({ code: 'notInteger' });
    expect(maxTokensIssue('')).toEqual({ code: 'notInteger' });
  });

  it('approves a result with only the edited text blocks', () => {
    const content = [
      { type: 'text', text: 'Old pond' },
      { type: 'tool_use', id: 't', name: 'x', input: {} },
      { type: 'text', text: 'frog jumps' },
    ];
    const texts = initialResultTexts(content);
    expect(texts).toEqual({ 0: 'Old pond', 2: 'frog jumps' });
    expect(approveResultDecision(content, { ...texts, 2: 'a splash' })).toEqual({
      action: 'approve-result',
      texts: [{ block: 2, text: 'a splash' }],
    });
  });
});
