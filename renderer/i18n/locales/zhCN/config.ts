import type { LocaleShape } from '../../LocaleShape';
import type { config as enConfig, importSection as enImport } from '../en/config';

/** 简体中文：服务器文件编辑器和导入对话框。 */
export const config: LocaleShape<typeof enConfig> = {
  title: '服务器文件',
  editorLabel: '服务器文件（JSON）',
  import: '导入…',
  revert: '还原',
  save: '保存',
  saveShortcut: '保存（Ctrl+S / ⌘S）',
  saving: '正在保存…',
  saved: '已保存，更改立即生效。',
  invalid: '未保存：请先修正下面的问题。',
  saveFailed: '未保存：{{message}}',
  unsaved: '有未保存的更改',
  loadFailed: '无法打开服务器文件：{{message}}',
  missingFile: '该文件尚不存在，保存时将创建它。',
  insertExample: '从示例开始',
  emptiedHelp: '没有停止任何服务器：此文件原有的服务器仍在运行。请恢复该文件，或停止它们：',
  stopServers: '停止它们并保留空文件',
  sidebarProblem: '服务器配置文件有问题',
  externalChange: '你编辑期间，服务器文件在 Switchboard 之外被修改了。',
  reloadFromDisk: '载入新版本',
  keepMine: '保留我的修改',
  problems_one: '{{count}} 个问题',
  problems_other: '{{count}} 个问题',
  error: '错误',
  warning: '警告',
  lineColumn: '第 {{line}} 行，第 {{column}} 列',
  imported_one: '已导入 {{count}} 个服务器。',
  imported_other: '已导入 {{count}} 个服务器。',
};

/** 简体中文：导入对话框。 */
export const importSection: LocaleShape<typeof enImport> = {
  title: '导入服务器',
  searching: '正在查找其他应用的服务器文件…',
  none: '在这台电脑上没有找到其他应用的服务器文件。',
  source: '来源',
  kinds: {
    'claude-desktop': 'Claude Desktop 桌面版',
    cursor: 'Cursor 编辑器',
    'vscode-workspace': 'VS Code（工作区）',
    'vscode-user': 'VS Code（用户设置）',
    'mcp-json': '项目 .mcp.json',
  },
  serverCount_one: '{{count}} 个服务器',
  serverCount_other: '{{count}} 个服务器',
  servers: '要导入的服务器',
  conflict: '已存在同名服务器。导入为：',
  renameEmpty: '请输入名称。',
  renameTaken: '会有两个服务器使用这个名称。',
  inputs: '该文件需要的值',
  inputsHelp: 'VS Code 会在服务器启动时询问这些值。密钥会被遮蔽。',
  apply_one: '导入 {{count}} 个服务器',
  apply_other: '导入 {{count}} 个服务器',
  failed: '导入失败：{{message}}',
};
