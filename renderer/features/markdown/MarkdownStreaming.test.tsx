import { cleanup, render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/createI18n';
import { Markdown } from './Markdown';
import { markdownCorpus } from './markdownCorpus';

afterEach(cleanup);

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n('en');
});

const wrap = (node: ReactElement) => <I18nextProvider i18n={i18n}>{node}</I18nextProvider>;

/** Renders the text as a stream delivers it, `step` characters at a time, then as finished. */
function renderStreamed(text: string, step: number) {
  const view = render(wrap(<Markdown text={text.slice(0, step)} streaming />));
  for (let end = 2 * step; end < text.length; end += step) {
    view.rerender(wrap(<Markdown text={text.slice(0, end)} streaming />));
  }
  view.rerender(wrap(<Markdown text={text} streaming />));
  const streamingFirst = view.container.querySelector('.markdown')?.firstElementChild;
  view.rerender(wrap(<Markdown text={text} />));
  return { view, streamingFirst };
}

describe('Markdown while streaming', () => {
  for (const [name, text] of Object.entries(markdownCorpus)) {
    it(`ends as the whole text renders at once: ${name}`, () => {
      const whole = render(wrap(<Markdown text={text} />)).container.innerHTML;
      cleanup();
      const { view } = renderStreamed(text, 5);
      expect(view.container.innerHTML).toBe(whole);
    });
  }

  it('keeps the streamed blocks when the reply ends, rather than rendering it all again', () => {
    const { view, streamingFirst } = renderStreamed(markdownCorpus.math ?? '', 9);
    expect(streamingFirst).toBeTruthy();
    expect(view.container.querySelector('.markdown')?.firstElementChild).toBe(streamingFirst);
  });

  it('shows a reference link once its definition, which came later, has arrived', () => {
    const text = 'See [the spec][spec].\n\nMore text.\n\n[spec]: https://modelcontextprotocol.io\n';
    const { view } = renderStreamed(text, 4);
    expect(view.container.querySelector('a')?.getAttribute('href')).toBe(
      'https://modelcontextprotocol.io',
    );
  });

  it('renders the growing last block on every change', () => {
    const view = render(wrap(<Markdown text={'# Title\n\nfirst'} streaming />));
    view.rerender(wrap(<Markdown text={'# Title\n\nfirst words'} streaming />));
    expect(view.container.querySelector('p')?.textContent).toBe('first words');
    view.rerender(wrap(<Markdown text={'# Title\n\nfirst words\n\n```\ncode'} streaming />));
    expect(view.container.querySelector('pre code')?.textContent).toBe('code\n');
  });
});
