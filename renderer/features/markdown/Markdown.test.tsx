import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/createI18n';
import { Markdown } from './Markdown';

afterEach(cleanup);

async function renderMarkdown(text: string) {
  const i18n = await createI18n('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <Markdown text={text} />
    </I18nextProvider>,
  );
}

describe('Markdown', () => {
  it('drops raw HTML instead of rendering it', async () => {
    const { container } = await renderMarkdown(
      'Hello <img src=x onerror="alert(1)"> <script>alert(2)</script> **world**',
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('world');
  });

  it('opens web links outside the app and leaves other schemes as text', async () => {
    const { container } = await renderMarkdown(
      '[spec](https://modelcontextprotocol.io) [bad](javascript:alert(1)) [rel](./local)',
    );
    const links = [...container.querySelectorAll('a')];
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://modelcontextprotocol.io');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toBe('noreferrer');
    expect(container.textContent).toContain('bad');
  });

  it('turns remote images into links, so nothing is fetched by itself', async () => {
    const { container } = await renderMarkdown('![chart](https://example.com/c.png)');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')?.textContent).toBe('Image: chart');
  });

  it('renders GFM tables, highlighted code with its language, and math', async () => {
    const { container, getByRole } = await renderMarkdown(
      [
        '| a | b |',
        '|---|---|',
        '| 1 | 2 |',
        '',
        '```ts',
        'const x: number = 1;',
        '```',
        '',
        'Inline $x^2$ and',
        '',
        '$$',
        '\\frac{1}{2}',
        '$$',
      ].join('\n'),
    );
    expect(container.querySelectorAll('td')).toHaveLength(2);
    expect(container.querySelector('.code-frame__language')?.textContent).toBe('ts');
    expect(container.querySelector('code.hljs .hljs-keyword')?.textContent).toBe('const');
    expect(getByRole('button', { name: 'Copy code' })).toBeTruthy();
    expect(container.querySelectorAll('.math--inline .katex')).toHaveLength(1);
    expect(container.querySelectorAll('.math--display .katex')).toHaveLength(1);
    // Display math is a formula, not a code block with a copy button.
    expect(container.querySelectorAll('.code-frame')).toHaveLength(1);
  });
});
