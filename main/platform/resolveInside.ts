import { normalize, join, sep } from 'node:path';

/**
 * Maps a URL path to a file under `root`, or undefined when it would escape it
 * (`..`, encoded separators, absolute paths). `/` maps to index.html.
 */
export function resolveInside(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = normalize(decoded === '/' || decoded === '' ? '/index.html' : decoded).replace(
    /^([/\\])+/,
    '',
  );
  const file = join(root, relative);
  return file.startsWith(root + sep) ? file : undefined;
}
