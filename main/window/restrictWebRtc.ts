import type { WebContents } from 'electron';

/** What {@link restrictWebRtc} needs of a window's contents (the seam its test fakes). */
export type WebRtcPolicyTarget = Pick<
  WebContents,
  'setWebRTCIPHandlingPolicy' | 'getWebRTCIPHandlingPolicy'
>;

/**
 * No WebRTC UDP from the window, App frames included: with `disable_non_proxied_udp` and no
 * proxy, ICE gathers no UDP candidates and sends no STUN packet. Apps get no peer connection
 * at all (the sandbox's WebRTC guard removes it); this is the platform's own switch under it,
 * which Chromium offers a shell but not a web page. The host's own page never uses WebRTC.
 */
export function restrictWebRtc(contents: WebRtcPolicyTarget): void {
  contents.setWebRTCIPHandlingPolicy('disable_non_proxied_udp');
  const policy = contents.getWebRTCIPHandlingPolicy();
  if (policy !== 'disable_non_proxied_udp') {
    throw new Error(`WebRTC IP handling policy did not apply (it is ${policy}).`);
  }
}
