import type { LocaleShape } from '../../LocaleShape';
import type { files as en } from '../en/files';

export const files: LocaleShape<typeof en> = {
  button: '文件',
  hint: '附加这台电脑上的文件（也可以拖放或粘贴到这里）。图片最大 {{image}}；文本、PDF 和其他文件每条消息合计最多 {{total}}。',
  resources: '资源',
  drop: '松开即可附加文件',
  local: '这台电脑',
  sending: '正在发送…',
  fileTooLarge: '{{name}} 有 {{size}}：一条消息的文件合计最多 {{max}}。',
  imageTooLarge: '{{name}} 有 {{size}}：模型接受的图片最大 {{max}}。请附加更小的版本。',
  failed: '无法附加 {{name}}：{{message}}',
};
