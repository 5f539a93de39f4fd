/** 简体中文：设置 → 密钥（服务器文件中 ${secret:NAME} 的值）。 */
export const secrets = {
  title: '密钥',
  help: '服务器的令牌、客户端密钥和私钥，包括服务器表单、安装和导入所保存的。在服务器文件中写 {{reference}} 而不是值本身；值保存在密钥存储中，之后不会再显示。',
  loadFailed: '无法列出密钥：{{message}}',
  none: '尚未保存任何密钥。',
  name: '名称',
  value: '值',
  valueHelp: '粘贴密钥、PEM 私钥或令牌。{{stored}}无法在此处读回。',
  save: '保存密钥',
  saved: '已保存。请以 {{reference}} 引用它。',
  badName: '名称只能包含字母、数字、“_”、“-”、“.”、“:”和“/”（最多 200 个字符）。',
  emptyValue: '值为空。',
  saveFailed: '无法保存：{{message}}',
  delete: '删除',
  deleteNamed: '删除密钥 {{name}}',
  deleteFailed: '无法删除：{{message}}',
  storage: {
    keychain: {
      stored: '它由系统钥匙串加密保存。',
      place: '密钥存储（由系统钥匙串加密）',
    },
    privateFile: {
      stored: '它保存在只有你的用户能读取的文件中。',
      place: '密钥存储（只有你的用户能读取的文件）',
    },
    memory: {
      stored: '它只保存在内存中，Switchboard 退出后即被清除。',
      place: '密钥存储（仅在内存中，直到 Switchboard 退出）',
    },
    unknown: {
      stored: '它保存在密钥存储中。',
      place: '密钥存储',
    },
  },
};
