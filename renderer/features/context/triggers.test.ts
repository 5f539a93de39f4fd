import { describe, expect, it } from 'vitest';
import { detectTrigger, removeTrigger, sameTrigger } from './triggers';

const at = (text: string) => detectTrigger(text, text.length);

describe('composer triggers', () => {
  it('opens the resource picker for @ at a word start, with the typed query', () => {
    expect(at('@')).toEqual({ kind: 'resource', query: '', start: 0, end: 1 });
    expect(at('look at @read')).toEqual({ kind: 'resource', query: 'read', start: 8, end: 13 });
    expect(at('line one\n@demo://x')).toEqual({
      kind: 'resource',
      query: 'demo://x',
      start: 9,
      end: 18,
    });
  });

  it('ignores @ inside a word (an e-mail address) and after the query ended', () => {
    expect(at('mail me@example.com')).toBeNull();
    expect(at('see @readme and')).toBeNull();
    expect(at('see @readme ')).toBeNull();
    expect(at('no trigger here')).toBeNull();
  });

  it('reads only the text before the caret', () => {
    const text = 'see @rea and more';
    expect(detectTrigger(text, 8)).toEqual({ kind: 'resource', query: 'rea', start: 4, end: 8 });
    expect(detectTrigger(text, 3)).toBeNull();
  });

  it('opens the prompt menu for / at the very start, until whitespace', () => {
    expect(at('/')).toEqual({ kind: 'prompt', query: '', start: 0, end: 1 });
    expect(at('/team')).toEqual({ kind: 'prompt', query: 'team', start: 0, end: 5 });
    expect(at('/team now')).toBeNull();
    expect(at('a /team')).toBeNull();
    expect(at(' /team')).toBeNull();
  });

  it('does not read a whole pasted paragraph as a query', () => {
    expect(at(`@${'x'.repeat(500)}`)).toBeNull();
    expect(at(`/${'x'.repeat(500)}`)).toBeNull();
  });

  it('removes the trigger text and puts the caret where it was', () => {
    const text = 'see @rea and more';
    const trigger = detectTrigger(text, 8);
    expect(trigger && removeTrigger(text, trigger)).toEqual({ text: 'see  and more', caret: 4 });
  });

  it('tells one menu session from another by where it starts', () => {
    expect(sameTrigger(at('@a'), at('@ab'))).toBe(true);
    expect(sameTrigger(at('@a'), at('@a @b'))).toBe(false);
    expect(sameTrigger(null, at('@a'))).toBe(false);
  });
});
