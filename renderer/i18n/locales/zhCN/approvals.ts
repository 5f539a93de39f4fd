import type { LocaleShape } from '../../LocaleShape';
import type {
  approvals as enApprovals,
  conversations as enConversations,
  grants as enGrants,
} from '../en/approvals';

/** 简体中文：审批对话框。 */
export const approvals: LocaleShape<typeof enApprovals> = {
  title: '允许这次工具调用吗？',
  queue: '第 {{index}} 个，共 {{count}} 个',
  inConversation: '来自“{{title}}”',
  otherConversation: '来自另一个对话：“{{title}}”',
  server: '服务器',
  modelName: 'Claude 使用的名称',
  description: '描述',
  noDescription: '服务器没有提供描述。',
  arguments: '参数',
  hints: '服务器声明的提示（仅为声明，并非保证）',
  changedTitle: '此工具在你允许之后发生了变化',
  changedBody: '你于 {{date}} 允许了它。再次允许之前，请先查看变化内容。',
  changedFields: '变化：{{fields}}',
  fields: { name: '名称', description: '描述', inputSchema: '输入模式' },
  before: '之前',
  after: '现在',
  none: '（无）',
  schemaChanges: '输入模式的变化',
  kinds: { added: '新增', removed: '删除', changed: '修改' },
  omitted_one: '……另有 {{count}} 处变化。',
  omitted_other: '……另有 {{count}} 处变化。',
  allowOnce: '允许一次',
  allowChat: '在此对话中允许',
  allowAlways: '始终允许',
  allowApp: '对此应用允许',
  allowAppHint: '在该应用关闭前，它对此工具的调用无需再询问。',
  deny: '拒绝',
  denyReason: '拒绝理由（可选，Claude 会看到）',
  denyPlaceholder: '例如：请改用测试环境的数据库',
  failed: '你的决定未能送达：{{message}}',
};

/** 简体中文：设置中的授权列表。 */
export const grants: LocaleShape<typeof enGrants> = {
  title: '工具授权',
  help: '你选择“始终允许”的工具。撤销后，Claude 下次会再次询问。',
  none: '还没有“始终允许”的授权。',
  loadFailed: '无法加载授权：{{message}}',
  grantedAt: '允许于 {{date}}',
  active: '生效中',
  suspended: '已暂停',
  suspendedBecause: '该工具的{{fields}}于 {{date}} 发生变化：Claude 会再次询问。',
  revoke: '撤销',
  revokeFailed: '无法撤销：{{message}}',
};

/** 简体中文：侧边栏的对话列表。 */
export const conversations: LocaleShape<typeof enConversations> = {
  untitled: '新对话',
  running: '进行中',
  search: '搜索对话',
  searchFailed: '搜索失败：{{message}}',
  searching: '正在搜索…',
  noResults: '没有与“{{query}}”匹配的对话。',
  clearSearch: '清除搜索',
  actions: '“{{title}}”的操作',
  rename: '重命名',
  renameLabel: '“{{title}}”的标题',
  delete: '删除',
  deleteTitle: '删除此对话？',
  deleteBody: '“{{title}}”及其全部内容将被删除，且无法恢复。',
  renameFailed: '无法重命名：{{message}}',
  deleteFailed: '无法删除：{{message}}',
};
