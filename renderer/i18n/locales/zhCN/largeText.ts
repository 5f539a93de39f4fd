import type { LocaleShape } from '../../LocaleShape';
import type { largeText as en } from '../en/largeText';

/** 简体中文：完整显示的超长文本（工具输出），分段读取和绘制。 */
export const largeText: LocaleShape<typeof en> = {
  label: '完整文本，共 {{chars}} 个字符',
  loading: '正在加载其余部分… {{percent}}%',
  failed: '无法加载其余文本：{{message}}',
};
