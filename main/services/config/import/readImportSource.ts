import { readFile } from 'node:fs/promises';
import { fileProblem } from '../ConfigProblem';
import type { ImportContext, ImportSource } from './detectImportSources';
import { parseImportText, type ImportedServers } from './parseImportText';
import { hostText } from '../../../../shared/text/hostText';

/** Reads and converts one import source; an unreadable file becomes an error, not a throw. */
export async function readImportSource(
  source: ImportSource,
  ctx: ImportContext,
): Promise<ImportedServers> {
  let text: string;
  try {
    text = await readFile(source.path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // An empty result with the same shape, so callers handle one type.
    const empty = parseImportText(source, '{}', ctx);
    const problem = fileProblem(
      'io',
      hostText('config.cannotReadImport', { source: source.label, detail: reason }),
    );
    return { ...empty, errors: [problem], warnings: [] };
  }
  return parseImportText(source, text, ctx);
}
