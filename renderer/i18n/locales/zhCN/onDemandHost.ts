import type { onDemandMessages } from '../../../../shared/text/onDemandMessages';
import type { LocaleShape } from '../../LocaleShape';

/** 简体中文：按需启动、空闲停止和单进程占用服务器时主进程给人看的消息。 */
export const onDemandHost: LocaleShape<typeof onDemandMessages> = {
  config: {
    idleMinutes: '{{path}} 必须是 0（从不）到 {{max}} 之间的整数分钟数，但它是 {{value}}',
  },
  owner: {
    electron: '桌面应用',
    web: '网页外壳',
    cli: '一次命令行运行',
    other: '另一个 Switchboard 进程',
  },
  ownedElsewhere:
    '“{{name}}”已在此数据文件夹上的{{owner}}（pid {{pid}}）中运行，同一服务器不会运行两份。请在那里使用它，或在那里停止它（闲置时也会自动停止）后重试。',
  startFailed: '“{{name}}”无法启动：{{reason}}',
  signInFirst: '使用“{{name}}”之前需要先登录。',
  toolGone: '服务器“{{server}}”已不再提供工具“{{tool}}”（它在上次运行时记住的列表中）。',
  stopped: '在等待“{{name}}”启动时，Switchboard 停止了它。',
};
