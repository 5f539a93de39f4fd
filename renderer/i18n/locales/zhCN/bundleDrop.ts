import type { LocaleShape } from '../../LocaleShape';
import type { bundleDrop as en } from '../en/bundleDrop';

/** 简体中文：把 `.mcpb` 文件拖放到窗口中。 */
export const bundleDrop: LocaleShape<typeof en> = {
  overlayTitle: '松开即可查看这个 .mcpb 扩展包',
  overlayHelp: '在你确认之前不会安装任何内容。',
  hint: '也可以把 .mcpb 文件拖放到此窗口的任意位置。',
  reading: '正在读取 {{name}}… {{percent}}%',
  cancel: '取消',
  problems: {
    notBundle: '“{{name}}”不是 .mcpb 扩展包：请拖放文件名以 .mcpb 结尾的文件。',
    tooLarge: '“{{name}}”大小为 {{size}}；只能安装不超过 {{max}} 的扩展包。',
    unreadable: '无法读取“{{name}}”：文件为空、已被移动，或此窗口无权读取。请改为按路径打开。',
    host: '无法读取该扩展包：{{message}}',
  },
};
