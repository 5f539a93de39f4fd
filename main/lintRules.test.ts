import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The environment rules of docs/ARCHITECTURE.md are lint rules; these cases prove a forbidden
 * import fails lint and an allowed one passes (only `no-restricted-imports` is evaluated).
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('environment lint rules', () => {
  const cases: [string, string, boolean][] = [
    ['shared/x.ts', "import { readFile } from 'node:fs';", true],
    ['shared/x.ts', "import { app } from 'electron';", true],
    ['shared/x.ts', "import { createRoot } from 'react-dom/client';", true],
    ['shared/x.ts', "import { z } from 'zod';", false],
    ['main/services/x/y.ts', "import { app } from 'electron';", true],
    ['main/services/x/y.ts', "import { registerIpc } from '../../ipc/registerIpc';", true],
    ['main/services/x/y.ts', "import { readFile } from 'node:fs/promises';", false],
    ['main/services/mcp/session/S.ts', "import { WebShell } from '../../../web/WebShell';", true],
    [
      'main/services/mcp/session/S.ts',
      "import { requests } from '../../../../shared/ipc/contract';",
      false,
    ],
    ['main/window/w.ts', "import { BrowserWindow } from 'electron';", false],
    ['renderer/stores/s.ts', "import { spawn } from 'node:child_process';", true],
    ['renderer/stores/s.ts', "import { createHostClient } from '../host/HostClient';", false],
    [
      'renderer/features/chat/C.tsx',
      "import { createHostClient } from '../../host/HostClient';",
      true,
    ],
    ['renderer/components/B.tsx', "import type { HostClient } from '../host/HostClient';", true],
    [
      'renderer/features/chat/C.tsx',
      "import { useAppStore } from '../../stores/StoresContext';",
      false,
    ],
  ];
  it.each(cases)('%s: %s → forbidden=%s', async (file, code, forbidden) => {
    const messages = await restricted(file, code);
    expect(messages.length > 0).toBe(forbidden);
  });
});
