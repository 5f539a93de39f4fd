/**
 * Hands a file to the browser, which saves it (Electron asks where, with a save dialog): a
 * blob URL, used once by a link with `download`, released once the download has it.
 */
export function saveFile(name: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves text as a file (see {@link saveFile}). */
export function downloadText(fileName: string, mimeType: string, text: string): void {
  saveFile(fileName, new Blob([text], { type: `${mimeType};charset=utf-8` }));
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
