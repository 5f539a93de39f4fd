const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'];

/**
 * The sandbox page's URL as this page must load it. The web shell's sandbox origin answers at
 * both loopback names; the frame takes the one the page was not opened at, so it is another
 * site than the page (the port does not count): the browser then runs it, and the App in it, in
 * a process of its own instead of on this page's main thread. Its URL carries the key it needs
 * (a cookie would not reach another site). Other URLs (Electron's scheme) are left alone.
 */
export function sandboxUrlFor(
  proxyUrl: string,
  pageHost: string = window.location.hostname,
): string {
  let url: URL;
  try {
    url = new URL(proxyUrl);
  } catch {
    return proxyUrl;
  }
  const other = LOOPBACK_NAMES.find((name) => name !== pageHost);
  if (
    url.protocol === 'http:' &&
    LOOPBACK_NAMES.includes(url.hostname) &&
    LOOPBACK_NAMES.includes(pageHost) &&
    other
  ) {
    url.hostname = other;
  }
  return url.toString();
}
