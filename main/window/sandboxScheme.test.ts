import { describe, expect, it } from 'vitest';
import {
  allowsAppPermission,
  allowsFrameNavigation,
  SANDBOX_FRAME_SOURCE,
  sandboxOriginOf,
  sandboxProtocolResponse,
  sandboxSchemePrivileges,
} from './sandboxScheme';

const label = 'ab'.repeat(16);
const SANDBOX_ORIGIN = sandboxOriginOf(label);

describe('the Electron sandbox scheme', () => {
  it('is a standard secure scheme of its own, with no CSP bypass, an origin per frame', () => {
    expect(SANDBOX_ORIGIN).toBe(`switchboard-app://${label}`);
    expect(SANDBOX_FRAME_SOURCE).toBe('switchboard-app:');
    expect(sandboxSchemePrivileges.privileges).toEqual({ standard: true, secure: true });
    // A standard scheme: the host is part of the origin, so two labels are two origins.
    expect(new URL(`${SANDBOX_ORIGIN}/frame/x`).host).toBe(label);
    expect(sandboxOriginOf('cd'.repeat(16))).not.toBe(SANDBOX_ORIGIN);
  });

  it('serves the host core’s pages by the frame’s label, and no other host', async () => {
    const asked: string[] = [];
    const respond = (originLabel: string, pathname: string) => {
      asked.push(`${originLabel} ${pathname}`);
      return Promise.resolve({
        status: 200,
        headers: { 'Content-Security-Policy': "default-src 'none'" },
        body: Buffer.from('page'),
      });
    };
    const page = await sandboxProtocolResponse(`${SANDBOX_ORIGIN}/frame/abc`, respond);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(await page.text()).toBe('page');
    for (const url of [
      'switchboard-app://sandbox/frame/abc',
      `switchboard-app://${label}:8080/frame/abc`,
      `switchboard-app://user@${label}/frame/abc`,
      `switchboard-app://x.${label}/frame/abc`,
      `app://${label}/frame/abc`,
      'not a url',
    ]) {
      expect((await sandboxProtocolResponse(url, respond)).status, url).toBe(404);
    }
    expect(asked).toEqual([`${label} /frame/abc`]);
  });

  it('keeps an App in its own page: its frame may not navigate elsewhere', () => {
    const proxy = `${SANDBOX_ORIGIN}/frame/abc`;
    expect(allowsFrameNavigation('about:srcdoc', proxy)).toBe(true);
    expect(allowsFrameNavigation('https://evil.example/?secret=1', proxy)).toBe(false);
    expect(allowsFrameNavigation('app://switchboard/index.html', proxy)).toBe(false);
    // The sandbox page itself, and frames nested in the App (their CSP's frame-src decides).
    expect(allowsFrameNavigation(proxy, 'app://switchboard/index.html')).toBe(true);
    expect(allowsFrameNavigation('https://www.youtube.com/embed/x', 'about:srcdoc')).toBe(true);
  });

  it('lets only App frames ask for App permissions', () => {
    const frame = { isMainFrame: false, requestingUrl: `${SANDBOX_ORIGIN}/frame/abc` };
    expect(allowsAppPermission('media', frame)).toBe(true);
    expect(
      allowsAppPermission('geolocation', { isMainFrame: false, requestingUrl: 'about:srcdoc' }),
    ).toBe(true);
    expect(
      allowsAppPermission('media', { isMainFrame: true, requestingUrl: 'app://switchboard/' }),
    ).toBe(false);
    expect(allowsAppPermission('notifications', frame)).toBe(false);
    expect(
      allowsAppPermission('media', { isMainFrame: false, requestingUrl: 'https://evil.example/' }),
    ).toBe(false);
  });
});
