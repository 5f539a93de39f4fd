import type { LocaleShape } from '../../LocaleShape';
import type { layout as en } from '../en/layout';

export const layout: LocaleShape<typeof en> = {
  collapseSidebar: '收起侧栏',
  expandSidebar: '展开侧栏',
};
