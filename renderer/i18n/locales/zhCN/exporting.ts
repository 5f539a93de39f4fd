import type { LocaleShape } from '../../LocaleShape';
import type { exporting as en } from '../en/exporting';

export const exporting: LocaleShape<typeof en> = {
  menu: '导出 {{title}}',
  markdown: '导出为 Markdown',
  json: '导出为 JSON',
  failed: '无法导出对话：{{message}}',
  fallbackName: '对话',
  you: '你',
  assistant: '助手',
  subtitle: '于 {{date}} 从 Switchboard 导出 · 模型 {{model}}',
  defaultModel: '默认模型',
  toolCall: '工具调用',
  arguments: '参数',
  result: '结果',
  attached: '附件：',
  image: '图片',
  cutOff: '这条回复被中断了。',
};
