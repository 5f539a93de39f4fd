import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  clientErrorAllowedScenarios,
  extensionScenarios,
  parseScenarioList,
  scenariosFor,
} from './parseScenarioList';

const listing = `Client scenarios (test against a client):
  - initialize [2025-06-18,2025-11-25]
  - tools_call [2025-06-18,2025-11-25,2026-07-28]
  - request-metadata [2026-07-28]
  - auth/metadata-default [2025-11-25,2026-07-28]
  - auth/dpop [extension]
  - sep-2640-client-no-prefetch [extension]
  - json-schema-2020-12-preservation [2025-11-25,2026-07-28]
`;

describe('parseScenarioList', () => {
  it('reads every scenario line with its tags and skips headings', () => {
    const listed = parseScenarioList(listing);
    expect(listed).toHaveLength(7);
    expect(listed[0]).toEqual({ name: 'initialize', tags: ['2025-06-18', '2025-11-25'] });
    expect(listed[4]).toEqual({ name: 'auth/dpop', tags: ['extension'] });
  });

  it('copes with CRLF and stray lines', () => {
    expect(parseScenarioList('x\r\n  - a [v1]\r\n\r\n - b []\r\n')).toEqual([
      { name: 'a', tags: ['v1'] },
      { name: 'b', tags: [] },
    ]);
  });
});

describe('scenariosFor', () => {
  const listed = parseScenarioList(listing);

  it('keeps what applies at the version, authorization included, without extensions', () => {
    expect(scenariosFor(listed, '2025-11-25')).toEqual([
      'initialize',
      'tools_call',
      'auth/metadata-default',
      'json-schema-2020-12-preservation',
    ]);
    expect(scenariosFor(listed, '2026-07-28')).toEqual([
      'tools_call',
      'request-metadata',
      'auth/metadata-default',
      'json-schema-2020-12-preservation',
    ]);
  });

  it('is empty for a version nothing applies to', () => {
    expect(scenariosFor(listed, '2024-11-05')).toEqual([]);
  });
});

describe('extensionScenarios', () => {
  it('keeps only the scenarios tagged as extensions', () => {
    expect(extensionScenarios(parseScenarioList(listing))).toEqual([
      'auth/dpop',
      'sep-2640-client-no-prefetch',
    ]);
  });
});

describe('clientErrorAllowedScenarios', () => {
  it('finds the scenarios whose constructor allows a client error', () => {
    const bundle =
      'var a=class{constructor(){this.name=`auth/x`,this.description=`d`,this.allowClientError=!0,this.s=new Z}async start(e){this.allowClientError=!0}};' +
      'var b=class{constructor(){this.name=`auth/y`,this.description=`d`}async start(e){this.allowClientError=!0}};';
    expect(clientErrorAllowedScenarios(bundle)).toEqual(['auth/x']);
  });

  it('reads the pinned suite: the refusal scenarios, and not the ones that must succeed', () => {
    const manifest = createRequire(import.meta.url).resolve(
      '@modelcontextprotocol/conformance/package.json',
    );
    const bundle = readFileSync(join(dirname(manifest), 'dist', 'index.js'), 'utf8');
    const allowed = clientErrorAllowedScenarios(bundle);
    expect(allowed).toEqual(
      expect.arrayContaining([
        'auth/iss-wrong-issuer',
        'auth/iss-supported-missing',
        'auth/metadata-issuer-mismatch',
        'auth/resource-mismatch',
        'auth/scope-retry-limit',
      ]),
    );
    expect(allowed).not.toContain('auth/metadata-default');
    expect(allowed).not.toContain('auth/iss-supported');
    expect(allowed).not.toContain('tools_call');
  });
});
