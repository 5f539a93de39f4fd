import type { authMessages } from '../../../../shared/text/authMessages';
import type { LocaleShape } from '../../LocaleShape';

/** 简体中文：主进程关于登录服务器（OAuth）给人看的消息。 */
export const authHost: LocaleShape<typeof authMessages> = {
  browserSignInNotAllowed:
    '授权服务器要求在浏览器中登录，但此服务器配置的是 "grant": "{{grant}}"。',
  noBrowserSignIn: '此服务器不通过浏览器登录。',
  emptyWorkloadToken: '工作负载身份令牌为空。',
  refusedWorkloadToken: '授权服务器拒绝了这个工作负载身份令牌；在它改变之前不会再次发送。',
  idpRefused: '身份提供方没有授予对此服务器的访问权限：{{detail}}',
  notPrivateKey: 'oauth.privateKey 不是 PEM（PKCS#8 或 PKCS#1）或 JWK 格式的私钥。',
  unknownKeyType:
    'oauth.privateKey 是 {{type}} 密钥；请在 oauth.signingAlgorithm 中指明用它签名的算法。',
  needed: '此服务器需要你登录。',
  notNeeded: '服务器“{{name}}”现在不需要登录。',
  notRemote: '服务器“{{name}}”不使用登录（只有远程服务器使用）。',
  issuerMetadata: '授权服务器声称的颁发者与发现它的地址不一致；其元数据已被拒绝。',
  issuerMissing:
    '登录答复没有说明是哪个授权服务器发出的，而该服务器承诺过会说明；已拒绝。请重新登录。',
  issuerMismatch: '登录答复不是来自预期的授权服务器（颁发者不匹配）；已拒绝。请重新登录。',
  resourceMismatch: '该服务器的授权元数据属于另一个资源；已拒绝登录，以免为错误的地方获取令牌。',
  serverMoved: '登录过程中服务器换了授权服务器。请重新登录。',
  registrationRefused:
    '授权服务器拒绝注册此应用（HTTP {{status}}）。可能需要为此服务器配置客户端 ID。',
  insecure: '授权服务器要求通过明文 HTTP 发送凭据；没有发送。',
  moreScope: '服务器需要更多权限。请重新登录以授予。',
  moreScopeNamed: '服务器需要更多权限（{{scope}}）。请重新登录以授予。',
  serverSaid: '授权服务器说：{{detail}}（{{code}}）',
  failed: '登录失败：{{detail}}',
  didNotStart: '登录没有开始。',
  notHttps: '授权服务器的登录页面不是 https 地址（{{origin}}）；没有打开。',
  notOpened: '登录页面没有打开。',
  stateMismatch: '登录答复不属于这里发起的登录（state 不匹配）；已拒绝。请重新开始登录。',
  noneInProgress: '此服务器没有正在进行的登录。请重新开始登录。',
  incomplete: '登录没有完成。',
  emptyAnswer: '登录答复中既没有授权码也没有错误。',
  itSaid: '{{base}} 它说：{{description}}',
  codes: {
    accessDenied: '授权服务器拒绝了访问。',
    invalidScope: '授权服务器不授予所请求的权限。',
    unauthorizedClient: '授权服务器不允许此应用以这种方式登录。',
    serverError: '授权服务器出错了。',
    unavailable: '授权服务器繁忙；请稍后再试。',
    other: '授权服务器拒绝了登录（{{code}}）。',
  },
  timedOut: '登录超时：浏览器在 {{minutes}} 分钟内没有返回。请重试。',
  portInUse:
    '用于登录重定向的端口 {{port}} 被其他程序占用。请关闭它，或修改服务器 "oauth" 设置中的 "redirectPort"。',
  cannotListen: '无法监听登录重定向：{{detail}}',
  cancelled: '登录已取消。',
};
