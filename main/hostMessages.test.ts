import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Main's messages reach people (errors in the window, a server's failure, a config problem),
 * so they come from the locale files like the renderer's own words: an AppError carries a
 * HostText (a key of `hostMessages`, translated under `host` in every locale), never words
 * written into the code. INTERNAL errors are the exception: their detail is for a bug
 * report, and the window says "something went wrong" in its own language around it.
 * Server failures and config problems cannot be built without a HostText (their types
 * require one); this test covers the errors, which could otherwise take any string. That
 * every key has its Chinese words is checked with the renderer's locales (key parity).
 */
describe('main’s user-facing messages', () => {
  const root = join(import.meta.dirname, '..');
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.main.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (!config) throw new Error('tsconfig.main.json did not parse');
  const files = config.fileNames.filter(
    (file) =>
      /\/main\/(services|ipc|web|platform)\//.test(file) && !/\.test\.ts$|\/testing\//.test(file),
  );
  const program = ts.createProgram(files, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();

  it('are keys of the locale files, not words in the code', () => {
    const found: string[] = [];
    for (const file of files) {
      const source = program.getSourceFile(file);
      if (!source) continue;
      const visit = (node: ts.Node): void => {
        if (
          ts.isNewExpression(node) &&
          ts.isIdentifier(node.expression) &&
          node.expression.text === 'AppError'
        ) {
          const [code, message] = node.arguments ?? [];
          const internal = code?.getText(source) === 'AppErrorCode.Internal';
          const type = message && checker.getTypeAtLocation(message);
          if (!internal && type && type.flags & ts.TypeFlags.StringLike) {
            const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
            found.push(`${file.slice(root.length + 1)}:${line + 1}: ${message.getText(source)}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).toEqual([]);
    // Type-checking all of main takes a while on a loaded machine.
  }, 120_000);
});
