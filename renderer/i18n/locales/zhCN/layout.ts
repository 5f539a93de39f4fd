import type { LocaleShape } from '../../LocaleShape';
import type { layout as en } from '../en/layout';

export const layout: LocaleShape<typeof en> = {
  collapseSidebar: '收起侧栏',
  expandSidebar: '展开侧栏',
  closeSidebar: '关闭侧栏',
  servers: {
    show: '显示全部服务器',
    hide: '只显示需要你处理的服务器',
    ready_one: '{{count}} 个就绪',
    ready_other: '{{count}} 个就绪',
    failed_one: '{{count}} 个失败',
    failed_other: '{{count}} 个失败',
    signIn_one: '{{count}} 个待登录',
    signIn_other: '{{count}} 个待登录',
    starting_one: '{{count}} 个启动中',
    starting_other: '{{count}} 个启动中',
    waiting_one: '{{count}} 个用到时启动',
    waiting_other: '{{count}} 个用到时启动',
    off_one: '{{count}} 个已关闭',
    off_other: '{{count}} 个已关闭',
  },
  toolsOffered_one: '{{offered}}/{{count}} 个工具',
  toolsOffered_other: '{{offered}}/{{count}} 个工具',
  serverCost: '{{tools}} · 约 {{tokens}}',
};
