import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../shared/errors';
import { hostText, type HostText } from '../../shared/text/hostText';
import { createI18n } from './createI18n';
import { translateHostText, useErrorText, type HasHostText } from './hostText';

afterEach(cleanup);

const crashLoop: HostText = hostText('server.crashLoop', {
  attempts: 5,
  last: hostText('server.exitCodeStarting', { code: 3 }),
});

describe('main’s messages in the window’s language', () => {
  it('translates a message and the messages inside it; lists take the locale’s separator', async () => {
    const zh = await createI18n('zh-CN');
    expect(translateHostText(zh, crashLoop)).toBe(
      '连续 5 次启动失败后已停止重试。最后的错误：服务器在启动时退出，退出码 3。',
    );
    const problems = hostText('serverForm.cannotSave', {
      name: 'fs',
      problems: [hostText('serverForm.noCommand'), hostText('serverForm.twice', { name: 'A' })],
    });
    expect(translateHostText(zh, problems)).toBe(
      '无法保存“fs”：本地服务器需要一个命令；A 出现了两次。',
    );
    const en = await createI18n('en');
    expect(translateHostText(en, problems)).toBe(
      'Cannot save “fs”: a local server needs a command; A is listed twice.',
    );
  });

  it('keeps foreign words as they came, and reads an unknown key in English or as the key', async () => {
    const zh = await createI18n('zh-CN');
    expect(translateHostText(zh, hostText('foreign', { text: 'ENOENT: no such file' }))).toBe(
      'ENOENT: no such file',
    );
    expect(translateHostText(zh, { key: 'no.such.key' } as unknown as HostText)).toBe(
      'no.such.key',
    );
  });

  it('shows an error by its key, an INTERNAL one behind a sentence of the window’s, others as sent', async () => {
    const i18n = await createI18n('zh-CN');
    function Shown({ error }: { error: HasHostText }) {
      return <p>{useErrorText()(error)}</p>;
    }
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <Shown error={{ code: AppErrorCode.McpClosed, message: 'English', text: crashLoop }} />
      </I18nextProvider>,
    );
    expect(screen.getByText(/^连续 5 次启动失败/)).toBeTruthy();
    rerender(
      <I18nextProvider i18n={i18n}>
        <Shown error={{ code: AppErrorCode.Internal, message: 'unexpected parse tree' }} />
      </I18nextProvider>,
    );
    expect(screen.getByText('Switchboard 内部出错：unexpected parse tree')).toBeTruthy();
    rerender(
      <I18nextProvider i18n={i18n}>
        <Shown error={{ code: AppErrorCode.McpProtocol, message: 'Tool not found: x' }} />
      </I18nextProvider>,
    );
    expect(screen.getByText('Tool not found: x')).toBeTruthy();
    // The words follow the language when it changes.
    rerender(
      <I18nextProvider i18n={i18n}>
        <Shown error={{ code: AppErrorCode.McpClosed, message: 'English', text: crashLoop }} />
      </I18nextProvider>,
    );
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText(/^Stopped retrying after 5 failed starts/)).toBeTruthy();
  });
});
