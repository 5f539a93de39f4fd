import type { LocaleShape } from '../../LocaleShape';
import type { toolForm as en } from '../en/toolForm';

/** 简体中文：根据工具输入模式生成的表单（“试用”）：列表、分组、JSON 框。 */
export const toolForm: LocaleShape<typeof en> = {
  item: '{{name}} 第 {{index}} 项',
  addItem: '向 {{name}} 添加一项',
  removeItem: '删除 {{item}}',
  json: 'JSON 格式',
  errorJson: '不是有效的 JSON。',
};
