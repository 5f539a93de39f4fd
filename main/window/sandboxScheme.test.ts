import { describe, expect, it } from 'vitest';
import {
  allowsAppPermission,
  allowsFrameNavigation,
  SANDBOX_ORIGIN,
  sandboxProtocolResponse,
  sandboxSchemePrivileges,
} from './sandboxScheme';

describe('the Electron sandbox scheme', () => {
  it('is a standard secure origin of its own, with no CSP bypass', () => {
    expect(SANDBOX_ORIGIN).toBe('switchboard-app://sandbox');
    expect(sandboxSchemePrivileges.privileges).toEqual({ standard: true, secure: true });
  });

  it('serves the host core’s sandbox pages for its own host only', async () => {
    const asked: string[] = [];
    const respond = (pathname: string) => {
      asked.push(pathname);
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
    expect(
      (await sandboxProtocolResponse('switchboard-app://other/frame/abc', respond)).status,
    ).toBe(404);
    expect(asked).toEqual(['/frame/abc']);
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
