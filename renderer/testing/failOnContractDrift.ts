import { afterEach } from 'vitest';
import { contractDrifts } from './scriptedClient';

// A scripted answer main could never send fails its test, even when a store swallowed it.
afterEach(() => {
  const drifts = contractDrifts.splice(0);
  if (drifts.length > 0) throw new Error(drifts.map((d) => d.message).join('\n'));
});
