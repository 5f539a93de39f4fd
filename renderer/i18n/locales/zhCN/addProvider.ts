import type { LocaleShape } from '../../LocaleShape';
import type { addProvider as en } from '../en/addProvider';

/** 简体中文：设置中的“添加服务商”对话框。 */
export const addProvider: LocaleShape<typeof en> = {
  title: '添加模型服务商',
  preset: '服务商',
  keyHelp: '添加服务商时保存到密钥存储中；之后不会再显示。',
  test: '测试',
  add: '添加服务商',
  adding: '正在添加…',
};
