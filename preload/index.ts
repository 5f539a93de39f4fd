import { contextBridge, ipcRenderer } from 'electron';
import { createHostBridge } from './createHostBridge';

/** `window.host`: the contract's requests and events over one IPC channel each (see the bridge). */
contextBridge.exposeInMainWorld('host', createHostBridge(ipcRenderer));
