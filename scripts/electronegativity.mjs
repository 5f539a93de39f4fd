// Runs @doyensec/electronegativity over the Electron-facing sources and fails on any finding
// that is not fixed or justified in .ci/electronegativity-accepted.json.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = process.cwd();
const stage = mkdtempSync(join(tmpdir(), 'sb-electronegativity-'));
// Only what ships in the Electron app; tests are left out.
for (const dir of ['main', 'preload', 'renderer', 'shared']) {
  cpSync(join(root, dir), join(stage, dir), {
    recursive: true,
    filter: (src) => !/\.test\.tsx?$/.test(src),
  });
}
cpSync(join(root, 'package.json'), join(stage, 'package.json'));
const csv = join(stage, 'findings.csv');
const run = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/@doyensec/electronegativity/dist/index.js'),
    '-i',
    stage,
    '-r',
    '-v',
    'false',
    '-o',
    csv,
    // This check downloads Electron's release list; the machine is offline by design.
    '-x',
    'AvailableSecurityFixesGlobalCheck',
  ],
  { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } },
);
let text;
try {
  text = readFileSync(csv, 'utf8');
} catch {
  console.error(run.stdout, run.stderr);
  console.error('electronegativity produced no report');
  process.exit(1);
}
const rows = text
  .trim()
  .split('\n')
  .slice(1)
  .filter(Boolean)
  .map((line) => {
    const cells = line
      .match(/("([^"]|"")*"|[^,]*)(,|$)/g)
      .map((c) => c.replace(/,$/, '').replace(/^"|"$/g, ''));
    return { check: cells[0], file: cells[3]?.replace(stage + '/', ''), line: cells[4] };
  });
const accepted = JSON.parse(
  readFileSync(join(root, '.ci/electronegativity-accepted.json'), 'utf8'),
);
const open = rows.filter(
  (r) => !accepted.some((a) => a.check === r.check && (a.file === '*' || a.file === r.file)),
);
rmSync(stage, { recursive: true, force: true });
console.log(
  `electronegativity: ${rows.length} findings, ${rows.length - open.length} justified, ${open.length} open`,
);
for (const r of open) console.log(`  OPEN ${r.check} ${r.file}:${r.line}`);
process.exit(open.length === 0 ? 0 : 1);
