import { TextDecoder } from 'node:util';
import { fileProblem, type ConfigProblem } from './ConfigProblem';
import { createLineLocator } from './createLineLocator';
import { hostText } from '../../../shared/text/hostText';

/**
 * The file's bytes as text. Bytes that are not UTF-8 read as U+FFFD, as any editor shows them,
 * and the first one is a warning with its byte offset: the file still loads, but a command or
 * token with a broken character in it will not work as meant.
 */
export function decodeServersFile(bytes: Uint8Array): { text: string; warnings: ConfigProblem[] } {
  const text = new TextDecoder('utf-8').decode(bytes);
  if (!text.includes('\uFFFD')) return { text, warnings: [] };
  const byte = firstInvalidByte(bytes);
  if (byte === undefined) return { text, warnings: [] }; // a U+FFFD written on purpose
  const offset = new TextDecoder('utf-8').decode(bytes.subarray(0, byte)).length;
  const { line, column } = createLineLocator(text)(offset);
  const message = hostText('config.notUtf8', { byte });
  return {
    text,
    warnings: [{ ...fileProblem('encoding', message, 'warning'), line, column, offset, length: 1 }],
  };
}

/** Offset of the first byte that does not start a valid UTF-8 sequence (RFC 3629). */
function firstInvalidByte(bytes: Uint8Array): number | undefined {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] ?? 0;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    const trailing =
      lead >= 0xc2 && lead <= 0xdf
        ? 1
        : lead >= 0xe0 && lead <= 0xef
          ? 2
          : lead >= 0xf0 && lead <= 0xf4
            ? 3
            : 0;
    if (trailing === 0 || i + trailing > bytes.length - 1) return i;
    for (let k = 1; k <= trailing; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    const second = bytes[i + 1] ?? 0;
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF.
    if (
      (lead === 0xe0 && second < 0xa0) ||
      (lead === 0xed && second >= 0xa0) ||
      (lead === 0xf0 && second < 0x90) ||
      (lead === 0xf4 && second >= 0x90)
    ) {
      return i;
    }
    i += trailing + 1;
  }
  return undefined;
}
