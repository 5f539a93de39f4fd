import type { DownloadContents } from './connectAppBridge';

/** A file an App wants saved, ready for the browser's own download (a save dialog in Electron). */
export interface DownloadFile {
  name: string;
  mimeType: string;
  /** Embedded content; absent for a link the host reads from the App's server first. */
  data?: Blob;
  /** For a link: the resource to read. */
  uri?: string;
}

/** The file name of a URI: its last path segment, else a fallback. */
function nameOf(uri: string, fallback: string): string {
  const last = uri.split(/[/\\]/).filter(Boolean).pop() ?? '';
  const clean = last.split(/[?#]/)[0] ?? '';
  return decodeSafe(clean).replace(/[\\/:*?"<>|]/g, '_') || fallback;
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function blobOf(resource: { text?: string; blob?: string; mimeType?: string }): Blob {
  const type = resource.mimeType ?? 'application/octet-stream';
  if (typeof resource.text === 'string') return new Blob([resource.text], { type });
  const binary = atob(resource.blob ?? '');
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** The files an App's `ui/download-file` names (embedded resources and resource links). */
export function toDownloadFiles(contents: DownloadContents): DownloadFile[] {
  return contents.map((item, index) => {
    const fallback = `download-${String(index + 1)}`;
    if (item.type === 'resource') {
      const resource = item.resource as {
        uri: string;
        text?: string;
        blob?: string;
        mimeType?: string;
      };
      return {
        name: nameOf(resource.uri, fallback),
        mimeType: resource.mimeType ?? 'application/octet-stream',
        data: blobOf(resource),
      };
    }
    return {
      name: nameOf(item.name || item.uri, fallback),
      mimeType: item.mimeType ?? 'application/octet-stream',
      uri: item.uri,
    };
  });
}

/** Reads a linked file's first content from the App's server. */
export function linkedBlob(contents: Record<string, unknown>[], mimeType: string): Blob {
  const first = (contents[0] ?? {}) as { text?: string; blob?: string; mimeType?: string };
  return blobOf({ ...first, mimeType: first.mimeType ?? mimeType });
}
