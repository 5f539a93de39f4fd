import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/createI18n';
import { LargeText } from './LargeText';
import type { TextSource } from './TextSource';
import { SLICE_CHARS } from './useLargeText';

afterEach(cleanup);

async function show(source: TextSource) {
  const i18n = await createI18n('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <LargeText source={source} />
    </I18nextProvider>,
  );
}

const text = Array.from({ length: 60_000 }, (_, i) => `line ${i}`).join('\n');

describe('LargeText', () => {
  it('reads its source in slices and draws only the rows in view', async () => {
    const reads: number[] = [];
    await show({
      totalChars: text.length,
      read: (offset, maxChars) => {
        reads.push(offset);
        return Promise.resolve(text.slice(offset, offset + maxChars));
      },
    });
    const view = screen.getByTestId('large-text');
    await waitFor(() => expect(view.getAttribute('aria-busy')).toBe('false'));
    expect(Number(view.dataset.loadedChars)).toBe(text.length);
    expect(reads).toEqual(
      Array.from({ length: Math.ceil(text.length / SLICE_CHARS) }, (_, i) => i * SLICE_CHARS),
    );
    const rows = view.querySelectorAll('.large-text__row');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(100);
    expect(rows[0]?.textContent).toBe('line 0');
    // All 60 000 rows have their place: the view scrolls over the whole text.
    const sizer = view.querySelector('.large-text__sizer') as HTMLElement;
    expect(sizer.style.height).toBe(`${60_000 * 18}px`);
  });

  it('says so when the rest cannot be read, and keeps what it has', async () => {
    await show({
      totalChars: text.length,
      read: (offset, maxChars) =>
        offset === 0
          ? Promise.resolve(text.slice(0, maxChars))
          : Promise.reject(new Error('the server went away')),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not load the rest of the text: the server went away',
    );
    expect(screen.getByTestId('large-text').querySelector('.large-text__row')?.textContent).toBe(
      'line 0',
    );
  });
});
