import { describe, expect, it } from 'vitest';
import { protocolPreferenceFor } from './protocolPreferenceFor';

describe('protocolPreferenceFor', () => {
  it('pins the stateless era for 2026-07-28 and its draft alias', () => {
    expect(protocolPreferenceFor('2026-07-28')).toBe('modern');
    expect(protocolPreferenceFor('draft')).toBe('modern');
  });

  it('uses the handshake for older dated revisions', () => {
    expect(protocolPreferenceFor('2025-11-25')).toBe('legacy');
    expect(protocolPreferenceFor('2025-06-18')).toBe('legacy');
    expect(protocolPreferenceFor('2024-11-05')).toBe('legacy');
  });

  it('negotiates when no revision (or an unreadable one) is given', () => {
    expect(protocolPreferenceFor(undefined)).toBe('auto');
    expect(protocolPreferenceFor('')).toBe('auto');
    expect(protocolPreferenceFor('next')).toBe('auto');
  });
});
