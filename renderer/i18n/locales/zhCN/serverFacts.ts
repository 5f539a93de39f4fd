import type { LocaleShape } from '../../LocaleShape';
import type { serverFacts as en } from '../en/serverFacts';

export const serverFacts: LocaleShape<typeof en> = {
  version: 'MCP 版本',
  earlier: '（较早的协议，仍受支持）',
  versionHint: {
    legacy: '该服务器使用 2025 版协议，在请求之间保持会话。Switchboard 完整支持它。',
    modern: '该服务器使用当前（2026 版）协议。',
  },
  preference: '使用的协议',
  preferences: {
    auto: '服务器支持哪个就用哪个',
    legacy: '只用 2025 版协议',
    modern: '只用 2026 版协议',
  },
};
