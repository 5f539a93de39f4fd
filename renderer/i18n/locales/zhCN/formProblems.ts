import type { LocaleShape } from '../../LocaleShape';
import type { formProblems as en } from '../en/formProblems';

export const formProblems: LocaleShape<typeof en> = {
  summary_one: '有 {{count}} 个字段需要处理。',
  summary_other: '有 {{count}} 个字段需要处理。',
  show: '查看',
};
