// Also imported by scripts/conformance.mjs through Node's type stripping: keep this file free
// of imports and of syntax that needs more than erasing types.

/** One client scenario as `conformance list --client` prints it. */
export interface ListedScenario {
  name: string;
  /** Spec versions the scenario applies to, or `['extension']`. */
  tags: string[];
}

const LINE = /^\s*-\s+(\S+)\s+\[([^\]]*)\]\s*$/;

/**
 * Reads the output of `conformance list --client`: lines like
 * `  - tools_call [2025-06-18,2025-11-25,2026-07-28]` or `  - auth/dpop [extension]`.
 * Headings and anything else are skipped.
 */
export function parseScenarioList(output: string): ListedScenario[] {
  const scenarios: ListedScenario[] = [];
  for (const line of output.split(/\r?\n/)) {
    const match = LINE.exec(line);
    if (!match?.[1] || match[2] === undefined) continue;
    const tags = match[2]
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== '');
    scenarios.push({ name: match[1], tags });
  }
  return scenarios;
}

/**
 * The scenarios `npm run conformance` runs at one spec version: those that apply to it,
 * authorization (`auth/*`) included, minus extensions (optional by definition).
 */
export function scenariosFor(listed: readonly ListedScenario[], version: string): string[] {
  return listed
    .filter((s) => s.tags.includes(version) && !s.tags.includes('extension'))
    .map((s) => s.name);
}

/** The extension scenarios (skills, the authorization extensions): run once, at the suite's wire. */
export function extensionScenarios(listed: readonly ListedScenario[]): string[] {
  return listed.filter((s) => s.tags.includes('extension')).map((s) => s.name);
}

/**
 * Scenarios in which the suite lets the client exit with an error (it checks that the client
 * refused something: a mismatched issuer, a foreign resource, an endless step-up). The suite
 * says so only in its code (`allowClientError = true` in the scenario's constructor), so this
 * reads its bundle: each scenario class sets `this.name` first and its fields before `start`.
 */
export function clientErrorAllowedScenarios(suiteBundle: string): string[] {
  const names: string[] = [];
  for (const part of suiteBundle.split('this.name=`').slice(1)) {
    const name = part.slice(0, part.indexOf('`'));
    const start = part.indexOf('start(');
    const fields = start === -1 ? part : part.slice(0, start);
    if (fields.includes('this.allowClientError=!0')) names.push(name);
  }
  return names;
}
