import type { LocaleShape } from '../../LocaleShape';
import type { emptyChat as en } from '../en/emptyChat';

export const emptyChat: LocaleShape<typeof en> = {
  ready_one: '{{name}} 可以使用你 {{count}} 个已就绪服务器的工具，每次调用都由你批准。',
  ready_other: '{{name}} 可以使用你 {{count}} 个已就绪服务器的工具，每次调用都由你批准。',
  noneReady: '你的服务器都还没有就绪：{{name}} 可以聊天，但无法使用工具。',
  starting_one: '另有 {{count}} 个正在启动。',
  starting_other: '另有 {{count}} 个正在启动。',
  unavailable: '不可用：',
  openServer: '打开 {{name}} 查看原因',
};
