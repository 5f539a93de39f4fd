import { describe, expect, it } from 'vitest';
import { hostText } from '../../shared/text/hostText';
import { nativeHostText } from './nativeHostText';

describe('nativeHostText', () => {
  const text = hostText('startup.failed', { reason: 'disk full', log: '/data/logs/main.log' });

  it('speaks Chinese to a person whose first language Switchboard speaks is Chinese', () => {
    expect(nativeHostText(text, ['fr-FR', 'zh-CN', 'en-US'])).toBe(
      'Switchboard 无法启动：disk full\n\n详细信息见日志：/data/logs/main.log',
    );
  });

  it('speaks English otherwise', () => {
    for (const languages of [['en-GB', 'zh-CN'], ['de-DE'], []]) {
      expect(nativeHostText(text, languages)).toBe(
        'Switchboard could not start: disk full\n\nDetails are in the log: /data/logs/main.log',
      );
    }
  });
});
