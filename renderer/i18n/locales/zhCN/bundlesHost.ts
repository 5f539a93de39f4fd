import type { bundlesMessages } from '../../../../shared/text/bundlesMessages';
import type { LocaleShape } from '../../LocaleShape';

/** 简体中文：主进程关于服务器包（.mcpb）给人看的消息。 */
export const bundlesHost: LocaleShape<typeof bundlesMessages> = {
  unreadable: '无法读取 {{path}}（{{reason}}）。',
  notAFile: '{{path}} 不是文件。',
  tooLarge: '该扩展包大小为 {{size}}；本应用最多读取 {{max}} 的扩展包。',
  notMcpbName: '“{{name}}”不是 .mcpb 扩展包：它的文件名不以 .mcpb 结尾。',
  chunkOrder: '位于字节 {{offset}} 的数据块与已收到的 {{received}} 字节不连续。',
  tooManyBytes: '收到的字节数超过了文件声明的大小。',
  incomplete: '只收到了 {{size}} 字节中的 {{received}} 字节；请重新拖放该文件。',
  uploadClosed: '该上传未打开（已完成，或已被更新的上传取代）。',
  noLaunch: '此扩展包没有说明如何启动它的服务器。',
  notInstalled: '没有以“{{name}}”安装的扩展包。',
  noMcpConfig: '此扩展包的清单没有 mcp_config：没有可用来启动它的命令。',
  untrusted:
    '此扩展包带有无法在这台电脑上验证的签名（签名后被修改，或由这台电脑不信任的证书签名）。只有在信任其来源时才安装，并确认你信任它。',
  notArchive: '{{path}} 不是可读取的 .mcpb 压缩包。',
  damaged: '无法解压此扩展包：{{reason}}。',
  badSignatureBlock: '此扩展包末尾的签名块格式不正确，无法确定哪些字节被签名。',
  tooManyEntries: '此扩展包包含超过 {{max}} 个文件和文件夹；本应用最多解压这么多。',
  totalTooLarge: '此扩展包解压后超过 {{max}}；本应用最多解压这么大的扩展包。',
  entryTooLarge: '扩展包中的“{{name}}”解压后超过 {{max}}，这是单个文件的上限。',
  ratio:
    '扩展包中的“{{name}}”解压后是压缩大小的 {{ratio}} 倍；本应用拒绝超过 {{max}} 比 1 的压缩比。',
  manifestTooLarge: '此扩展包的 manifest.json 大于 {{max}}。',
  badName: '此扩展包包含“{{name}}”，这个路径在扩展包自己的文件夹之外。',
  duplicate: '此扩展包包含两个“{{name}}”（只有大小写不同的名称视为同一个）。',
  special: '此扩展包包含“{{name}}”，它既不是文件、文件夹，也不是链接。',
  encrypted: '此扩展包中的“{{name}}”已加密；扩展包不能加密。',
  linkEscapes: '此扩展包包含指向“{{target}}”的链接“{{name}}”，它指向扩展包自己的文件夹之外。',
  underLink: '此扩展包在链接“{{link}}”之内包含“{{name}}”。',
  unsigned:
    '此扩展包没有签名：没有人为它运行的内容担保。只有在信任其来源时才安装，并确认你信任它。',
  unsafeVariable:
    '此扩展包的 mcp_config 使用了 {{variable}}（在 {{where}} 中），它会填入你自己的值（环境变量或已存储的密钥）。扩展包只能使用 ${__dirname}、${user_config.…}、${HOME}、${DESKTOP}、${DOCUMENTS}、${DOWNLOADS} 和 ${pathSeparator}。',
  changedSinceReview:
    '此扩展包文件在审阅之后被修改了（审阅时为 {{reviewed}}，现在为 {{now}}）。请重新打开它，查看它现在的内容。',
  runtimeCheckedAtInstall:
    '在 {{path}} 找到了 {{runtime}}。此扩展包要求 {{requirement}}：由于在你确认之前不会运行任何程序，版本会在安装时检查。',
  noManifest: '此扩展包没有可读取的 manifest.json（{{reason}}）。',
  unknownManifestVersion: '此扩展包的清单版本 {{version}} 不是本应用认识的版本（{{known}}）。',
  invalidManifest: '此扩展包的 manifest.json 无效（清单 {{version}}）：{{issues}}',
  fieldProblem: '{{field}}：{{problem}}',
  needs: '需要 {{fields}}',
  notReady: '此扩展包{{parts}}。',
  notNumber: '{{value}} 不是数字',
  notBoolean: '{{value}} 不是 true 或 false',
  notAbsolute: '{{path}} 不是绝对路径',
  missingPath: '{{path}} 不存在',
  notFolder: '{{path}} 不是文件夹',
  notFile: '{{path}} 不是文件',
  otherPlatform: '此扩展包运行于 {{platforms}}，而不是 {{platform}}。',
  ownProgram: '扩展包自带的程序',
  runs: '运行{{runtime}}。',
  runtimeNotFound:
    '此扩展包需要 {{runtime}}（“{{command}}”），但在这台电脑上没有找到。{{why}} 请安装 {{runtime}} 后重试。',
  runtimeTooOld: '此扩展包需要 {{runtime}} {{requirement}}；在 {{path}} 找到的版本是 {{version}}。',
  runtimeFound: '在 {{path}} 找到了 {{runtime}}。',
  runtimeVersionFound: '在 {{path}} 找到了 {{runtime}} {{version}}。',
};
