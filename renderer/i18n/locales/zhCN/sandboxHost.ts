import type { sandboxMessages } from '../../../../shared/text/sandboxMessages';
import type { LocaleShape } from '../../LocaleShape';

/** 简体中文：主进程关于沙箱服务器的消息（`host.sandbox`）。 */
export const sandboxHost: LocaleShape<typeof sandboxMessages> = {
  config: {
    notObject:
      '{{path}} 必须是对象，例如 { "filesystem": { "allowWrite": ["~/notes"] }, "network": { "allowedDomains": ["api.example.com"] } }',
    partNotObject: '{{path}} 必须是对象，例如 { "{{example}}": ["…"] }',
    emptyEntry: '{{path}} 不能为空',
    unknownVariable:
      '{{path}} 使用了 {{variable}}，它不是沙箱变量（可用 ~、${userHome}、${cwd}、${workspaceFolder}、${roots} 或 ${serverState}）',
    rootsFirst: '{{path}}：${roots} 只能出现在条目开头，例如 "${roots}" 或 "${roots}/docs"',
    badDomain:
      '{{path}} 必须是主机名，例如 "example.com"、"*.example.com" 或 "example.com:443"，但它是 {{value}}',
    denyAllOnly: '{{path}}："*"（所有主机）只能用于 deniedDomains',
    remoteServer: '"{{key}}" 只适用于本地（stdio）服务器：远程服务器在别处运行，因此忽略它',
  },
  unavailable: {
    missing:
      '沙箱需要 {{missing}}：请用“sudo apt-get install bubblewrap socat ripgrep”安装（Debian、Ubuntu；其他发行版用 dnf 或 pacman），然后再次启动服务器',
    windowsSetup:
      '此电脑尚未设置沙箱：请运行一次“npx @anthropic-ai/sandbox-runtime windows-install”（只需一次管理员授权），然后再次启动服务器（{{detail}}）',
    platform: '此系统（{{platform}}）不支持沙箱',
    failed: '无法设置沙箱：{{detail}}',
    windowsWriteFolders:
      '在 Windows 上，只要有沙箱服务器在运行，它们可写入的文件夹就是固定的；请先停止其他沙箱服务器，才能加入 {{paths}}',
  },
  notStarted: '服务器“{{name}}”设置为在沙箱中运行，但{{reason}}。它没有在沙箱之外启动。',
  badRule: '服务器“{{name}}”有一条沙箱拒绝的规则：{{detail}}',
  allowed: '已为“{{name}}”允许 {{value}}（{{key}}）；它将按新规则重新启动。',
  noViolation: '“{{name}}”已没有被拦截的尝试 {{id}}（只保留最近的记录）。',
  cannotAllow: '这次尝试无法通过规则来允许。',
  confirmSensitive: '{{value}} 因存有凭据而默认被拒绝；允许它需要确认。',
  notLocal: '服务器“{{name}}”不是本地（stdio）服务器：沙箱不适用于它。',
};
