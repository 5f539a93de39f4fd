import { describe, expect, it } from 'vitest';
import { parseProcStat, readProcStat } from './readProcStat';

describe('parseProcStat', () => {
  it('reads state, parent, group, session and start time, whatever the command name', () => {
    const fields = ['S', '1', '4242', '4242', ...Array<string>(15).fill('0'), '123456', '0'];
    expect(parseProcStat(`4242 (node (weird) name) ${fields.join(' ')}\n`)).toEqual({
      state: 'S',
      ppid: 1,
      pgrp: 4242,
      session: 4242,
      startTicks: '123456',
    });
  });

  it('rejects truncated text', () => {
    expect(parseProcStat('12 (x) S 1')).toBeUndefined();
    expect(parseProcStat('garbage')).toBeUndefined();
  });
});

describe.skipIf(process.platform !== 'linux')('readProcStat', () => {
  it('reads this process', () => {
    expect(readProcStat(process.pid)).toMatchObject({ state: expect.any(String) as string });
    expect(readProcStat(999_999_999)).toBeUndefined();
  });
});
