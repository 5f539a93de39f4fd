import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { WEB_SHELL_NODE_FLAGS } from './webShellNodeFlags.mjs';

/** A burst of short-lived allocation, then the new space's size as V8 reports it (bytes). */
const BURST = `
const v8 = require('node:v8');
const keep = [];
for (let i = 0; i < 2e6; i++) { const o = { a: i, b: 'x' + i, c: [i] }; if (i % 10 === 0) keep.push(o); }
const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
globalThis.kept = keep;
process.stdout.write(String(space.space_size));
`;

function newSpaceAfterBurst(flags: readonly string[]): number {
  return Number(execFileSync(process.execPath, [...flags, '-e', BURST], { encoding: 'utf8' }));
}

describe('WEB_SHELL_NODE_FLAGS', () => {
  it('keep the young generation small where Node would let a burst grow it', () => {
    const MB = 1024 * 1024;
    const bounded = newSpaceAfterBurst(WEB_SHELL_NODE_FLAGS);
    const unbounded = newSpaceAfterBurst([]);
    // 4 MB semispaces: a new space of twice that (8 MB here), where Node alone grows to 64.
    expect(bounded).toBeLessThanOrEqual(12 * MB);
    expect(unbounded).toBeGreaterThan(2 * bounded);
  });
});
