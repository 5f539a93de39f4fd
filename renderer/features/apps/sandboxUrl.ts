/**
 * The sandbox page's URL as this page must load it. The web shell's token cookie belongs to the
 * name the person opened the shell at (localhost or 127.0.0.1); the sandbox origin accepts both,
 * so the frame uses the same name as the page and the browser sends the cookie along.
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
  const loopback = ['127.0.0.1', 'localhost'];
  if (url.protocol === 'http:' && loopback.includes(url.hostname) && loopback.includes(pageHost)) {
    url.hostname = pageHost;
  }
  return url.toString();
}
