/**
 * Saves text as a file through the browser's download (Electron shows its save dialog): a
 * blob URL, used once by a link with `download`, then released.
 */
export function downloadText(fileName: string, mimeType: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${mimeType};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Released after the click has handed the blob to the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A title as a file name on every system: no path or reserved characters, not too long. */
export function fileNameFrom(title: string, fallback: string): string {
  const cleaned = title
    // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 80)
    .trim();
  return cleaned || fallback;
}
