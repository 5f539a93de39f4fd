import { describe, expect, it } from 'vitest';
import { restrictWebRtc, type WebRtcPolicyTarget } from './restrictWebRtc';

/** A window's contents as far as WebRTC policy goes: what is set is what is read back. */
function contents(applies = true): WebRtcPolicyTarget & { set: string[] } {
  let policy = 'default';
  const set: string[] = [];
  return {
    set,
    setWebRTCIPHandlingPolicy: (value) => {
      set.push(value);
      if (applies) policy = value;
    },
    getWebRTCIPHandlingPolicy: () => policy,
  };
}

describe('restrictWebRtc', () => {
  it('disables non-proxied UDP for the whole window (App frames are in it)', () => {
    const window = contents();
    restrictWebRtc(window);
    expect(window.set).toEqual(['disable_non_proxied_udp']);
    expect(window.getWebRTCIPHandlingPolicy()).toBe('disable_non_proxied_udp');
  });

  it('refuses to go on when the policy did not take', () => {
    expect(() => restrictWebRtc(contents(false))).toThrow(/did not apply \(it is default\)/);
  });
});
