import type { LocaleShape } from '../../LocaleShape';
import type { signIn as en } from '../en/auth';

/** 简体中文：远程服务器登录（OAuth）。 */
export const signIn: LocaleShape<typeof en> = {
  title: '登录后才能使用此服务器',
  body: '此服务器要求你登录。浏览器会打开它的登录页面，完成后请回到这里。',
  bodyIssuer: '此服务器要求你通过 {{issuer}} 登录。浏览器会打开它的登录页面，完成后请回到这里。',
  action: '登录',
  waiting: '正在登录…（等待浏览器）',
  waitingHint: '请在浏览器中完成登录。还没有反应？',
  openAgain: '重新打开登录页面',
  cancel: '取消',
  failed: '上次登录失败：{{message}}',
  section: '登录',
  state: '状态',
  signedIn: '已登录',
  notSignedIn: '未登录',
  issuer: '登录方',
  scopes: '权限',
  noScopes: '（未列出）',
  signOut: '退出登录',
  signingOut: '正在退出登录…',
  signOutHint: '会删除为此服务器保存的令牌，之后需要重新登录。',
};
