/** 简体中文：设置 → 密钥（服务器文件中 ${secret:NAME} 的值）。 */
export const secrets = {
  title: '密钥',
  help: '服务器的令牌、客户端密钥和私钥，包括服务器表单、安装和导入所保存的。在服务器文件中写 {{reference}} 而不是值本身；值保存在密钥存储中，之后不会再显示。',
  loadFailed: '无法列出密钥：{{message}}',
  none: '尚未保存任何密钥。',
  name: '名称',
  value: '值',
  valueHelp: '粘贴密钥、PEM 私钥或令牌。它会加密保存，无法在此处读回。',
  save: '保存密钥',
  saved: '已保存。请以 {{reference}} 引用它。',
  badName: '名称只能包含字母、数字、“_”、“-”、“.”、“:”和“/”（最多 200 个字符）。',
  emptyValue: '值为空。',
  saveFailed: '无法保存：{{message}}',
  delete: '删除',
  deleteNamed: '删除密钥 {{name}}',
  deleteFailed: '无法删除：{{message}}',
};
