import type { LocaleShape } from '../../LocaleShape';
import type { toolCard as en } from '../en/toolCard';

export const toolCard: LocaleShape<typeof en> = {
  showDetails: '显示 {{name}} 的详情',
  hideDetails: '隐藏 {{name}} 的详情',
};
