import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { basename } from 'node:path';
import { contentTypeOf } from '../platform/contentTypeOf';
import { resolveInside } from '../platform/resolveInside';

/** Serves a file from the built renderer; never outside `root`. Returns false if not found. */
export async function serveStatic(
  root: string,
  pathname: string,
  res: ServerResponse,
  headers: Record<string, string>,
): Promise<boolean> {
  const file = resolveInside(root, pathname);
  if (!file) return false;
  try {
    const info = await stat(file);
    if (!info.isFile()) return false;
    const body = await readFile(file);
    res.writeHead(200, {
      ...headers,
      'Content-Type': contentTypeOf(file),
      'Content-Length': body.length,
      'Cache-Control': basename(file) === 'index.html' ? 'no-store' : 'private, max-age=3600',
    });
    res.end(body);
    return true;
  } catch {
    return false;
  }
}
