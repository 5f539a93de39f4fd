import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './markdownToPlainText';

describe('markdownToPlainText', () => {
  it('drops the Markdown punctuation and keeps what a reader sees', () => {
    const markdown = [
      '# Plan',
      '',
      'Some **bold** and _italic_ with `code` and a [link](https://example.com).',
      '',
      '1. first',
      '2. second',
      '   - nested',
      '',
      '- [x] done',
      '',
      '> quoted words',
      '',
      '```ts',
      'const a = 1;',
      '```',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '$$',
      'x^2',
      '$$',
    ].join('\n');
    expect(markdownToPlainText(markdown)).toBe(
      [
        'Plan',
        '',
        'Some bold and italic with code and a link (https://example.com).',
        '',
        '1. first',
        '2. second',
        '  - nested',
        '',
        '- [x] done',
        '',
        'quoted words',
        '',
        'const a = 1;',
        '',
        'a\tb',
        '1\t2',
        '',
        'x^2',
      ].join('\n'),
    );
  });

  it('keeps Chinese text and bare links as they are', () => {
    expect(markdownToPlainText('你好，**世界**。见 https://example.com')).toBe(
      '你好，世界。见 https://example.com',
    );
  });
});
