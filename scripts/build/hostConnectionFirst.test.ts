import { describe, expect, it } from 'vitest';
import { withAsyncModuleFirst } from './hostConnectionFirst';

const page = `<html>
  <head>
    <title>x</title>
    <script type="module" crossorigin src="./assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="./assets/conn-2.js">
  </head>
</html>`;

describe('withAsyncModuleFirst', () => {
  it('puts an async module script for the chunk before the entry, at its indentation', () => {
    const html = withAsyncModuleFirst(page, './assets/conn-2.js');
    expect(html).toContain(
      '    <script type="module" async crossorigin src="./assets/conn-2.js"></script>\n' +
        '    <script type="module" crossorigin src="./assets/index-1.js"></script>',
    );
    expect(html.replace(/ *<script type="module" async[^\n]*\n/, '')).toBe(page);
  });

  it('refuses a page without a module script rather than leave it unchanged', () => {
    expect(() => withAsyncModuleFirst('<html></html>', './a.js')).toThrow(/no module script/);
  });
});
