import { dialog, shell } from 'electron';
import { ConfirmingExternalOpener } from './ConfirmingExternalOpener';

/** The Electron shell's opener: a native "Open this link?" dialog, then the system browser. */
export class ElectronExternalOpener extends ConfirmingExternalOpener {
  constructor() {
    super({
      confirm: async (url) => {
        const { response } = await dialog.showMessageBox({
          type: 'question',
          buttons: ['Open', 'Cancel'],
          defaultId: 1,
          cancelId: 1,
          message: 'Open this link in your browser?',
          detail: `${new URL(url).host}\n\n${url}`,
        });
        return response === 0;
      },
      launch: (url) => shell.openExternal(url),
    });
  }
}
