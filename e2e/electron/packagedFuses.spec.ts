import { expect, test } from '@playwright/test';
import {
  expectedFuses,
  fuseMismatches,
  packagedBinaries,
} from '../fixtures/electron/packagedFuses';
import { ROOT } from './electronShell';

/** The fuses electron-builder.yml asks for, read back from the binary `npm run dist` made. */
test('the packaged binary has the fuses electron-builder.yml asks for', async () => {
  const binaries = packagedBinaries(ROOT);
  test.skip(binaries.length === 0, 'no electron-builder output in dist/ (npm run dist)');
  for (const binary of binaries) {
    expect(await fuseMismatches(binary, expectedFuses(ROOT)), binary).toEqual([]);
  }
});
