/**
 * What may reach a terminal from the CLI. Servers and registries supply much of what the CLI
 * prints (names, descriptions, tool results, stderr tails, error messages), and a terminal acts
 * on control sequences in it: clearing the screen, moving the cursor to overwrite a line, setting
 * the title, hyperlinks whose target is not their text (OSC 8), or worse on some terminals.
 *
 * The patterns follow ECMA-48 (§5.3–5.6) rather than `strip-ansi` or Node's
 * `stripVTControlCharacters`: those match the common ANSI subset only (an OSC whose text has a
 * space, a DCS, an APC or a CSI with intermediate bytes passes), and leave bare C0/C1 controls
 * (BEL, backspace, carriage return, the 8-bit CSI) alone. Longest forms first, so that a whole
 * sequence goes, not just its introducer.
 */
const CONTROL = new RegExp(
  [
    // Control strings: OSC, DCS, SOS, PM, APC (7- and 8-bit introducers) up to their terminator
    // (ST, or BEL as xterm accepts for OSC). Their text stops at any other introducer, so an
    // unterminated one is never a long scan; its introducer alone is removed below.
    String.raw`(?:\x1B[\]PX^_]|[\x90\x98\x9D\x9E\x9F])[^\x07\x1B\x90\x98\x9B-\x9F]*(?:\x07|\x1B\\|\x9C)`,
    // CSI: parameter bytes, intermediate bytes, one final byte.
    String.raw`(?:\x1B\[|\x9B)[\x30-\x3F]*[\x20-\x2F]*[\x40-\x7E]`,
    // Any other escape sequence: intermediate bytes, one final byte.
    String.raw`\x1B[\x20-\x2F]*[\x30-\x7E]`,
    // What is left: C0 but tab and line feed, DEL, C1.
    String.raw`[\x00-\x08\x0B-\x1F\x7F-\x9F]`,
  ].join('|'),
  'g',
);

/**
 * `text` without terminal control sequences or control characters, except line feeds and tabs.
 * The printable text around them stays: an entry that held escapes is shown, cleaned.
 */
export function cleanTerminalText(text: string): string {
  return text.replace(CONTROL, '');
}

/**
 * `value` as JSON for a terminal or a pipe. `JSON.stringify` escapes C0 controls (`\u001b`) but
 * writes DEL and C1 (U+007F–U+009F, the 8-bit CSI among them) as they are; those are escaped
 * here too, so the document is the same value and holds no control character at all.
 */
export function terminalJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(
    /[\u007f-\u009f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
