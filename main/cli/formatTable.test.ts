import { describe, expect, it } from 'vitest';
import { displayWidth, formatTable } from './formatTable';

describe('formatTable', () => {
  it('lines columns up, counting wide characters twice', () => {
    const lines = formatTable([
      ['NAME', 'STATUS', 'TOOLS'],
      ['files', 'ready', '14'],
      ['文件服务', 'error', ''],
    ]);
    expect(lines).toEqual(['NAME      STATUS  TOOLS', 'files     ready   14', '文件服务  error']);
    const starts = lines.map((line) => {
      const index = line.indexOf(
        line.includes('STATUS') ? 'STATUS' : line.includes('ready') ? 'ready' : 'error',
      );
      return displayWidth(line.slice(0, index));
    });
    expect(new Set(starts).size).toBe(1);
  });
});
