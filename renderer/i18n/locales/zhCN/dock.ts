import type { LocaleShape } from '../../LocaleShape';
import type { dock as en } from '../en/dock';

export const dock: LocaleShape<typeof en> = {
  resize: '调整请求面板大小',
  resizeHint: '拖动或使用方向键，为请求留出更多或更少的空间',
  maximize: '让请求占满空间',
  restore: '恢复常规大小',
};
