import { describe, expect, it } from 'vitest';
import { parseScenarioList, scenariosFor } from './parseScenarioList';

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

  it('keeps what applies at the version, without auth and extensions', () => {
    expect(scenariosFor(listed, '2025-11-25')).toEqual([
      'initialize',
      'tools_call',
      'json-schema-2020-12-preservation',
    ]);
    expect(scenariosFor(listed, '2026-07-28')).toEqual([
      'tools_call',
      'request-metadata',
      'json-schema-2020-12-preservation',
    ]);
  });

  it('is empty for a version nothing applies to', () => {
    expect(scenariosFor(listed, '2024-11-05')).toEqual([]);
  });
});
