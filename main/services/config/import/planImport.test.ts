import { describe, expect, it } from 'vitest';
import { acceptImportPlan, planImport, suggestUniqueName } from './planImport';

describe('planImport', () => {
  it('adds new names and lists taken ones as conflicts with a free suggestion', () => {
    const plan = planImport(['fs', 'github', 'github-2'], {
      fs: { command: 'npx' },
      memory: { command: 'mem' },
      github: { command: 'docker' },
    });
    expect(plan.add).toEqual([{ name: 'memory', entry: { command: 'mem' } }]);
    expect(plan.conflicts).toEqual([
      { name: 'fs', suggestedName: 'fs-2', entry: { command: 'npx' } },
      { name: 'github', suggestedName: 'github-3', entry: { command: 'docker' } },
    ]);
  });

  it('never suggests a name that another imported server already uses', () => {
    const plan = planImport(['a'], { a: { command: '1' }, 'a-2': { command: '2' } });
    expect(plan.add.map((s) => s.name)).toEqual(['a-2']);
    expect(plan.conflicts[0]?.suggestedName).toBe('a-3');
  });

  it('accepts with suggested names, chosen names, or skips undecided conflicts', () => {
    const plan = planImport(['fs'], { fs: { command: 'new' }, mem: { command: 'mem' } });
    expect(acceptImportPlan(plan)).toEqual({ mem: { command: 'mem' } });
    expect(acceptImportPlan(plan, 'suggested')).toEqual({
      mem: { command: 'mem' },
      'fs-2': { command: 'new' },
    });
    expect(acceptImportPlan(plan, { fs: 'fs-from-cursor' })).toEqual({
      mem: { command: 'mem' },
      'fs-from-cursor': { command: 'new' },
    });
  });

  it('suggestUniqueName counts up from 2', () => {
    expect(suggestUniqueName('x', new Set(['x']))).toBe('x-2');
    expect(suggestUniqueName('x', new Set(['x', 'x-2', 'x-3']))).toBe('x-4');
  });
});
