/** 简体中文：大型工具目录——工具搜索、始终加载的工具、工具定义的开销。 */
export const toolSearch = {
  tokens: '约 {{tokens}} 个 token',
  serverCost: '{{tools}} · 约 {{tokens}} token',
  serverCostTitle:
    '其 {{count}} 个已启用工具的定义，在每次携带它们的请求中约占 {{tokens}} 个 token。',
  totalHeading: '工具定义',
  total_one: '{{total}} 个工具 · 约 {{tokens}} token',
  total_other: '{{total}} 个工具 · 约 {{tokens}} token',
  planAll: '每次请求都携带全部工具定义。',
  planSearch:
    '工具搜索：请求携带约 {{tokens}} 个 token（{{count}} 个定义），其余工具在需要时搜索。',
  planApiSearch:
    'Claude 的工具搜索：模型只看到约 {{tokens}} 个 token（{{count}} 个定义），其余工具在需要时搜索。',
  alwaysLoad: '始终加载',
  alwaysLoadHelp: '即使工具搜索暂缓了其他工具，也完整提供此工具。',
  alwaysLoadHint: '服务器要求始终加载此工具。',
  toolTokens: '约 {{tokens}} token',
  toolTokensTitle: '此工具的定义在一次模型请求中估计占用的 token 数。',
  serverTotal_one: '已启用 {{total}} 个工具 · 定义约 {{tokens}} token',
  serverTotal_other: '已启用 {{total}} 个工具 · 定义约 {{tokens}} token',
  serverAlwaysLoaded_one: '{{count}} 个始终加载',
  serverAlwaysLoaded_other: '{{count}} 个始终加载',
  section: '工具搜索',
  intro:
    '工具很多时，请求只携带一个搜索工具和少数始终加载的工具，而不是全部定义。搜索找到的工具随后即可使用，并在本对话中保持加载。',
  mode: '使用工具搜索',
  modeAuto: '工具较多时',
  modeOn: '始终',
  modeOff: '从不',
  minTools: '工具数多于',
  minTokens: '或定义 token 数多于',
  useApiSearch: '在支持的模型上使用 Claude 自带的工具搜索',
  saved: '已保存。',
  notSaved: '未保存：{{message}}',
  chatLabel: '本对话的工具搜索',
  chatDefault: '跟随设置',
  chatOn: '开启',
  chatOff: '关闭',
  chatSummaryAll_one: '完整发送 {{total}} 个工具（约 {{tokens}} token）',
  chatSummaryAll_other: '完整发送全部 {{total}} 个工具（约 {{tokens}} token）',
  chatSummarySearch:
    '完整发送 {{total}} 个工具中的 {{sent}} 个（约 {{tokens}} token），其余通过搜索',
  chatLoaded_one: '已找到 {{count}} 个',
  chatLoaded_other: '已找到 {{count}} 个',
  contextWarning: '下一次请求将超出 {{model}} 的上下文：约 {{projected}} / {{window}} 个 token。',
  contextWarningTools: '仅工具定义就约占 {{tokens}} 个 token：请为本对话开启工具搜索。',
  toolsOverWindow_one:
    '工具搜索已关闭：完整发送的 {{tools}} 个工具约占 {{tokens}} 个 token，下一次请求将放不下 {{model}} 的上下文（{{window}}）。请为本对话开启工具搜索。',
  toolsOverWindow_other:
    '工具搜索已关闭：完整发送的 {{tools}} 个工具约占 {{tokens}} 个 token，下一次请求将放不下 {{model}} 的上下文（{{window}}）。请为本对话开启工具搜索。',
  toolsLarge_one:
    '工具搜索已关闭：完整发送的 {{tools}} 个工具约占 {{tokens}} 个 token，且 {{model}} 的上下文大小未知。开启工具搜索可让请求保持精简。',
  toolsLarge_other:
    '工具搜索已关闭：完整发送的 {{tools}} 个工具约占 {{tokens}} 个 token，且 {{model}} 的上下文大小未知。开启工具搜索可让请求保持精简。',
  contextNear: '本对话已接近 {{model}} 的上下文上限：约 {{projected}} / {{window}} 个 token。',
  usageTools: ' · 工具约 {{tokens}}（发送 {{sent}} 个）',
  usageToolsDeferred: ' · 工具约 {{tokens}}（发送 {{sent}} 个，{{deferred}} 个待搜索）',
  usageToolsTitle:
    '该请求完整携带了 {{sent}} 个工具定义，约 {{tokens}} 个 token；另有 {{deferred}} 个留待搜索。',
  searched: '搜索了工具：“{{query}}”',
  found: '找到',
  foundNone: '未找到',
  searchFailed: '搜索失败（{{code}}）',
};
