import type { ServerDetail } from '../../../../shared/domain/mcpViews';
import type { RememberedList } from '../remembered/RememberedList';

/** What a server's detail shows of it while it is not running: what it said when it last ran. */
export function rememberedDetail(
  list: RememberedList | undefined,
): Pick<ServerDetail, 'serverInfo' | 'protocolVersion' | 'capabilities' | 'instructions'> {
  if (!list) return {};
  return {
    ...(list.serverInfo ? { serverInfo: list.serverInfo } : {}),
    ...(list.protocolVersion ? { protocolVersion: list.protocolVersion } : {}),
    ...(list.capabilities ? { capabilities: list.capabilities } : {}),
    ...(list.instructions ? { instructions: list.instructions } : {}),
  };
}
