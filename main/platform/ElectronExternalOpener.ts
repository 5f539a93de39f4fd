import { dialog, shell } from 'electron';
import type { ExternalOpener } from './PlatformServices';
import { isOpenableUrl } from './isOpenableUrl';

/** Opens https (or loopback) URLs in the system browser after the person confirms. */
export class ElectronExternalOpener implements ExternalOpener {
  async openExternal(url: string): Promise<boolean> {
    if (!isOpenableUrl(url)) return false;
    const { response } = await dialog.showMessageBox({
      type: 'question',
      buttons: ['Open', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      message: 'Open this link in your browser?',
      detail: `${new URL(url).host}\n\n${url}`,
    });
    if (response !== 0) return false;
    await shell.openExternal(url);
    return true;
  }
}
