import type { registryMessages } from '../../../../shared/text/registryMessages';
import type { LocaleShape } from '../../LocaleShape';

/** 简体中文：主进程关于MCP 注册表给人看的消息。 */
export const registryHost: LocaleShape<typeof registryMessages> = {
  notAChoice: '{{label}}：{{value}}（应为 {{choices}} 之一）',
  noOption: '{{name}} 没有安装选项 {{index}}。',
  needsValue: '{{name}} 需要 {{labels}}；请填写后再安装。',
  needsValues: '{{name}} 需要 {{labels}}；请填写后再安装。',
  notAllowed: '不允许的值：{{values}}。',
  mcpbPackage: '此软件包是 .mcpb 扩展包下载：请下载该文件并使用“安装扩展包”。',
  unknownRunner:
    'Switchboard 无法启动来自 {{type}} 的软件包（可以启动 npm、PyPI、NuGet 和 OCI 镜像）。',
  runnerRefused: '此软件包要求用“{{hint}}”启动；{{type}} 软件包只能用 {{runner}} 启动。',
  badIdentifier: '软件包名称“{{identifier}}”不是普通的 {{type}} 软件包名称。',
  badVersion: '软件包版本“{{version}}”不是普通的版本号。',
  argumentRefused:
    '注册表给 {{runner}} 的参数“{{argument}}”不在注册表可以提供的参数之列（{{allowed}}）。',
  dockerArgumentRefused:
    '注册表给 docker 的参数“{{argument}}”不在注册表可以提供的参数之列（{{allowed}}）。挂载、设备、特权和主机命名空间只能由你自己在“额外的 docker 参数”中添加。',
  extraForDockerOnly: '额外参数只能添加给 docker（OCI 镜像）。',
  badEnvName: '注册表给出的环境变量名“{{name}}”不是普通的名称。',
  badHeaderName: '注册表给出的请求头名“{{name}}”不是普通的请求头名称。',
  badArgumentName: '注册表给出的参数名“{{name}}”引用了你的机密或环境变量。',
  cannotPin: '无法固定 {{name}} 的版本文档：{{reason}}。',
  wrongDocument: '请求 {{name}} {{version}} 时，注册表返回的是 {{got}}。',
  reviewGone: '这里已不再保留 {{name}} {{version}} 的审阅；请重新打开后再安装。',
  differsFromListing:
    '{{name}} {{version}} 的版本文档与你审阅的列表条目不同，运行内容有变（{{changes}}）。没有安装任何内容。',
  changedSinceReview:
    '注册表中 {{name}} {{version}} 的版本文档与你审阅的不同（{{changes}}）。没有安装任何内容。',
  notStdio: '此软件包在这台电脑上以 {{transport}} 提供服务；Switchboard 只通过 stdio 启动软件包。',
  schemaMismatch: '{{name}} {{version}} 不符合已发布的 server.json 架构：{{problems}}',
  unreachable: '无法连接位于 {{url}} 的 MCP 注册表：{{reason}}',
  notFound: '位于 {{url}} 的 MCP 注册表没有 {{path}}。',
  answered: '位于 {{url}} 的 MCP 注册表返回了 {{status}}。',
  answeredWith: '位于 {{url}} 的 MCP 注册表返回了 {{status}}：{{detail}}。',
  tooLarge: '位于 {{url}} 的 MCP 注册表的回答超过 {{limit}}；没有继续读取。',
};
