/**
 * Puts text on the clipboard; false when the clipboard cannot be written (no permission, an
 * insecure context), so the caller can say so.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
