import { describe, expect, it } from 'vitest';
import type { ServerPrompts, ServerResources } from '../../../shared/domain/attachments';
import { entryRows, pickRows, preparePrompts, prepareResources, type PickRow } from './pickerRows';

const servers: ServerResources[] = [
  {
    server: 'everything',
    resources: [
      { uri: 'demo://resource/static/document/architecture.md', name: 'architecture.md' },
      { uri: 'demo://resource/static/document/instructions.md', name: 'instructions.md' },
    ],
    templates: [
      { uriTemplate: 'demo://resource/dynamic/text/{resourceId}', name: 'Dynamic Text Resource' },
    ],
  },
  { server: 'broken', resources: [], templates: [], error: 'Method not found' },
  {
    server: 'files',
    resources: [{ uri: 'file:///notes/instructions.txt', name: 'instructions.txt' }],
    templates: [],
  },
];

const describeRows = (rows: PickRow[]): string[] =>
  rows.map((r) =>
    r.kind === 'server'
      ? `# ${r.server}${r.error ? ` (${r.error})` : ''}`
      : `${String(r.index)} ${r.entry.kind === 'resource' ? r.entry.resource.name : r.entry.kind === 'template' ? r.entry.template.name : r.entry.prompt.name}`,
  );

describe('picker rows', () => {
  const prepared = prepareResources(servers);

  it('groups everything by server in listing order, failed servers with their error', () => {
    expect(describeRows(pickRows(servers, prepared, ''))).toEqual([
      '# everything',
      '0 architecture.md',
      '1 instructions.md',
      '2 Dynamic Text Resource',
      '# broken (Method not found)',
      '# files',
      '3 instructions.txt',
    ]);
  });

  it('filters by the query, keeps groups, and puts the best group first', () => {
    expect(describeRows(pickRows(servers, prepared, 'instructions.t'))).toEqual([
      '# files',
      '0 instructions.txt',
    ]);
    expect(describeRows(pickRows(servers, prepared, 'instr'))).toEqual([
      '# everything',
      '0 instructions.md',
      '# files',
      '1 instructions.txt',
    ]);
  });

  it('finds templates and entries by URI or server name', () => {
    expect(describeRows(pickRows(servers, prepared, 'dynamic/text'))).toEqual([
      '# everything',
      '0 Dynamic Text Resource',
    ]);
    expect(entryRows(pickRows(servers, prepared, 'files')).map((r) => r.entry.server)).toEqual([
      'files',
    ]);
  });

  it('carries the match of a search for highlighting, none without a query', () => {
    const [hit] = entryRows(pickRows(servers, prepared, 'arch'));
    expect(hit?.match?.positions).toEqual([0, 1, 2, 3]);
    expect(entryRows(pickRows(servers, prepared, ''))[0]?.match).toBeNull();
  });

  it('ranks prompts by title, name, server and description', () => {
    const prompts: ServerPrompts[] = [
      {
        server: 'everything',
        prompts: [
          { name: 'simple-prompt', title: 'Simple Prompt', arguments: [] },
          {
            name: 'completable-prompt',
            title: 'Team Management',
            description: 'First argument choice narrows values for second argument.',
            arguments: [{ name: 'department', required: true }],
          },
        ],
      },
    ];
    const rows = pickRows(prompts, preparePrompts(prompts), 'team');
    expect(describeRows(rows)).toEqual(['# everything', '0 completable-prompt']);
    expect(describeRows(pickRows(prompts, preparePrompts(prompts), 'narrows'))).toEqual([
      '# everything',
      '0 completable-prompt',
    ]);
  });
});
