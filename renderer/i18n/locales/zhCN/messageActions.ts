import type { LocaleShape } from '../../LocaleShape';
import type { messageActions as en } from '../en/messageActions';

export const messageActions: LocaleShape<typeof en> = {
  copy: '复制',
  copied: '已复制',
  copyFailed: '无法复制：这里无法使用剪贴板。',
  copyOptions: '更多复制方式',
  copyMarkdown: '复制为 Markdown',
  copyPlain: '复制为纯文本',
  cutFailed: '这条回复被中断了：{{message}}',
  cutStopped: '你在这条回复完成前停止了它。',
  cutInterrupted: '这条回复写到一半时 Switchboard 关闭了。',
  cutContinued: '在此中断，下面是续写。',
  continue: '继续',
  continueHint: '让模型从这条回复中断的地方接着写',
  retryHint: '重新写整条回复',
  versions: '此消息的各个版本',
  versionOf: '第 {{index}} 版，共 {{count}} 版',
  previousVersion: '上一版',
  nextVersion: '下一版',
  editHint: '编辑后重新发送；当前版本仍可用箭头切换回来',
};
