import type { LocaleShape } from '../../LocaleShape';
import type { toolRun as en } from '../en/toolRun';

/** 简体中文：从服务器视图运行的工具（进度、取消）。 */
export const toolRun: LocaleShape<typeof en> = {
  progress: '进度',
  progressOf: '{{progress}} / {{total}}',
  progressSoFar: '已完成 {{progress}}',
  elapsed: '已用时 {{time}}',
  cancel: '取消',
  cancelHint: 'Esc 键',
  cancelling: '正在取消…',
  cancelled: '已取消',
  cancelledAfter: '运行 {{time}} 后停止。已请求服务器停止此调用。',
};
