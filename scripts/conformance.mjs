// `npm run conformance`: the official MCP conformance suite (the pinned devDependency) against
// our own client — the CLI's `conformance <url>` command, which goes through McpSession and, for
// `auth/*`, the host's OAuth providers — at every spec version the host speaks: every client
// scenario of 2025-11-25 and 2026-07-28, authorization included, plus the 2025-03-26
// authorization back-compat ones, and every extension scenario (skills, the enterprise
// authorization extensions) at the suite's default wire. Prints passed/total per version, writes the same
// summary to artifacts/conformance.json, and exits non-zero on a failure the baseline does not
// list or a baseline entry that no longer fails.
//
// The suite runs one scenario per process (`--scenario` takes a single name); the runs go in
// parallel instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// Pure helpers shared with the unit tests; Node runs them by stripping their types.
import { judgeScenarioRun } from '../main/cli/conformance/judgeScenarioRun.ts';
import {
  clientErrorAllowedScenarios,
  extensionScenarios,
  parseScenarioList,
  scenariosFor,
} from '../main/cli/conformance/parseScenarioList.ts';
import { ensureBuilt } from './ensureBuilt.mjs';

// 2025-03-26 has only the two authorization back-compat scenarios (no PRM, endpoint fallbacks).
const VERSIONS = ['2025-03-26', '2025-11-25', '2026-07-28'];
// Extension scenarios are not on the spec timeline: the suite runs them at its own default wire.
const EXTENSIONS = 'extensions';
const BASELINE = 'conformance/baseline.yml';
const RESULTS_DIR = 'artifacts/conformance';
const SUMMARY_FILE = 'artifacts/conformance.json';
/** The suite's own per-scenario limit on our client. */
const CLIENT_TIMEOUT_MS = 30_000;
/** Backstop for a suite process that never ends on its own. */
const SUITE_TIMEOUT_MS = 120_000;

process.chdir(resolve(dirname(fileURLToPath(import.meta.url)), '..'));

// The suite needs fs.globSync (Node 22+); npm scripts run on the pinned `node` devDependency.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 22) {
  console.error(
    `The conformance suite needs Node 22 or later; this is ${process.version}. Run it with \`npm run conformance\`, which uses the pinned Node.`,
  );
  process.exit(1);
}

ensureBuilt();

const suitePackage = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/conformance/package.json',
);
const suiteManifest = JSON.parse(readFileSync(suitePackage, 'utf8'));
const suiteBin = join(dirname(suitePackage), suiteManifest.bin.conformance);
const suiteName = `${suiteManifest.name}@${suiteManifest.version}`;
// Scenarios that check a refusal: the suite accepts our client exiting with an error there.
const refusalScenarios = new Set(clientErrorAllowedScenarios(readFileSync(suiteBin, 'utf8')));

// The suite splits --command on spaces and runs it through a shell: quote paths with spaces.
const quote = (path) => (/\s/.test(path) ? `"${path}"` : path);
const clientCommand = `${quote(process.execPath)} ${quote(join('out', 'main', 'cli.js'))} conformance`;

const listed = spawnSync(process.execPath, [suiteBin, 'list', '--client'], { encoding: 'utf8' });
if (listed.status !== 0) {
  console.error(`conformance list failed:\n${listed.stderr}`);
  process.exit(1);
}
const catalogue = parseScenarioList(listed.stdout);
const jobs = VERSIONS.flatMap((version) => {
  const scenarios = scenariosFor(catalogue, version);
  // An empty selection means the listing changed shape, not that there is nothing to test.
  if (scenarios.length === 0) {
    console.error(`No client scenarios found for ${version} in:\n${listed.stdout}`);
    process.exit(1);
  }
  return scenarios.map((scenario) => ({ version, scenario }));
});
const extensions = extensionScenarios(catalogue);
if (extensions.length === 0) {
  console.error(`No extension scenarios found in:\n${listed.stdout}`);
  process.exit(1);
}
jobs.push(...extensions.map((scenario) => ({ version: EXTENSIONS, scenario })));

rmSync(RESULTS_DIR, { recursive: true, force: true });
// Each run idles a little (server start, SSE retry waits): one more than the cores keeps them busy.
const concurrency = Math.min(8, availableParallelism() + 1);
console.log(
  `Running ${jobs.length} client scenarios of ${suiteName} on Node ${process.version}, ${concurrency} at a time…`,
);
const started = Date.now();
const results = await runAll(jobs, concurrency, runScenario);

const versions = {};
for (const version of [...VERSIONS, EXTENSIONS]) {
  const scenarios = results.filter((r) => r.version === version);
  versions[version] = {
    passed: scenarios.filter((r) => r.status === 'passed').length,
    total: scenarios.length,
    expectedFailures: scenarios.filter((r) => r.status === 'expected-failure').length,
    scenarios: scenarios.map(({ version: _version, ...rest }) => rest),
  };
}
const ok = results.every((r) => r.status === 'passed' || r.status === 'expected-failure');
const summary = {
  suite: suiteName,
  node: process.version,
  baseline: BASELINE,
  startedAt: new Date(started).toISOString(),
  durationMs: Date.now() - started,
  ok,
  versions,
};
mkdirSync(dirname(SUMMARY_FILE), { recursive: true });
writeFileSync(SUMMARY_FILE, JSON.stringify(summary, null, 2) + '\n');

console.log(`\nConformance summary (${suiteName}, ${(summary.durationMs / 1000).toFixed(1)} s):`);
for (const [version, v] of Object.entries(versions)) {
  const expected = v.expectedFailures > 0 ? `, ${v.expectedFailures} expected failure(s)` : '';
  console.log(`  ${version}: ${v.passed}/${v.total} scenarios passed${expected}`);
}
console.log(`Summary: ${SUMMARY_FILE}; per-scenario results: ${RESULTS_DIR}/`);
if (!ok) {
  console.error(
    `\nConformance failed: fix the failures above, or list real known failures in ${BASELINE} (and remove entries that pass).`,
  );
}
process.exitCode = ok ? 0 : 1;

/** Runs `worker` over `items`, at most `limit` at a time, keeping the input order. */
async function runAll(items, limit, worker) {
  const out = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await worker(items[index]);
    }
  });
  await Promise.all(lanes);
  return out;
}

/** One scenario at one version through the suite, judged with the baseline applied. */
async function runScenario({ version, scenario }) {
  const dir = join(RESULTS_DIR, version, scenario);
  mkdirSync(dir, { recursive: true });
  const startedAt = Date.now();
  const suite = await run(
    process.execPath,
    [
      suiteBin,
      'client',
      '--command',
      clientCommand,
      '--scenario',
      scenario,
      ...(version === EXTENSIONS ? [] : ['--spec-version', version]),
      '--expected-failures',
      BASELINE,
      '--timeout',
      String(CLIENT_TIMEOUT_MS),
      '-o',
      dir,
    ],
    // The client writes its log under the data dir: keep it with the results, away from the app's.
    { ...process.env, SWITCHBOARD_DATA_DIR: resolve(RESULTS_DIR, 'data') },
  );
  writeFileSync(join(dir, 'suite-output.txt'), `${suite.stdout}\n--- stderr ---\n${suite.stderr}`);
  const verdict = judgeScenarioRun({
    scenario,
    suiteExitCode: suite.code,
    stdout: suite.stdout,
    stderr: suite.stderr,
    checks: readChecks(dir, scenario),
    clientErrorAllowed: refusalScenarios.has(scenario),
  });
  if (suite.killed) verdict.problems.push(`the suite did not finish within ${SUITE_TIMEOUT_MS} ms`);
  const durationMs = Date.now() - startedAt;
  const mark = { passed: '✓', 'expected-failure': '~', failed: '✗', stale: '!' }[verdict.status];
  console.log(`${mark} ${version} ${scenario} (${(durationMs / 1000).toFixed(1)} s)`);
  if (verdict.status !== 'passed') {
    for (const problem of verdict.problems) console.log(`    ${problem}`);
    console.log(`    details: ${join(dir, 'suite-output.txt')}`);
  }
  return { version, scenario, durationMs, ...verdict };
}

/**
 * The suite writes `<dir>/<scenario>-<timestamp>/checks.json` (so `auth/x` lands one level
 * deeper, in `<dir>/auth/x-<timestamp>/`); one run per directory.
 */
function readChecks(dir, scenario) {
  const runDir = join(dir, dirname(scenario));
  if (!existsSync(runDir)) return undefined;
  for (const entry of readdirSync(runDir, { withFileTypes: true })) {
    const file = join(runDir, entry.name, 'checks.json');
    if (!entry.isDirectory() || !existsSync(file)) continue;
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return undefined; // judged as "no checks recorded", like a run that never wrote any
    }
  }
  return undefined;
}

function run(command, args, env) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killed = false;
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, SUITE_TIMEOUT_MS);
    child.on('error', (error) => {
      stderr += `\n${error.message}`;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr, killed });
    });
  });
}
