import type { LocaleShape } from '../../LocaleShape';
import type { settingsNav as en } from '../en/settingsNav';

/** 简体中文：设置的各个部分，即设置目录中的名称。 */
export const settingsNav: LocaleShape<typeof en> = {
  label: '设置目录',
  providers: '模型服务商',
  models: '模型',
  toolSearch: '工具搜索',
  approvals: '工具授权',
  sandbox: '沙箱',
  folders: '文件夹',
  tasks: '任务',
  secrets: '密钥',
  registry: 'MCP 注册表',
  appearance: '外观',
  about: '关于',
};
