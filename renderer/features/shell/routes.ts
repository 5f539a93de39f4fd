import type { View } from '../../stores/appStore';

/**
 * Screens as hash addresses, so a reload (and Back) keeps the place in both shells:
 * `#/`, `#/settings`, `#/servers-file`, `#/server/<name>`, `#/add-server`,
 * `#/edit-server/<name>`, `#/registry`, `#/bundle`, `#/tasks`, `#/servers`, `#/chat/new`,
 * `#/chat/<id>`.
 */
export function viewToHash(view: View): string {
  switch (view.kind) {
    case 'home':
      return '#/';
    case 'settings':
      return view.section ? `#/settings/${encodeURIComponent(view.section)}` : '#/settings';
    case 'config':
      return '#/servers-file';
    case 'server':
      return `#/server/${encodeURIComponent(view.name)}`;
    case 'serverForm':
      return view.name === undefined
        ? '#/add-server'
        : `#/edit-server/${encodeURIComponent(view.name)}`;
    case 'registry':
      return '#/registry';
    case 'bundle':
      return '#/bundle';
    case 'tasks':
      return '#/tasks';
    case 'servers':
      return '#/servers';
    case 'chat':
      return view.id === null ? '#/chat/new' : `#/chat/${encodeURIComponent(view.id)}`;
  }
}

/** The screen an address names; undefined for no address or one this app does not know. */
export function hashToView(hash: string): View | undefined {
  const path = hash.replace(/^#\/?/, '');
  if (path === '') return hash === '' ? undefined : { kind: 'home' };
  const [head, ...rest] = path.split('/');
  const tail = decode(rest.join('/'));
  switch (head) {
    case 'settings':
      return tail ? { kind: 'settings', section: tail } : { kind: 'settings' };
    case 'servers-file':
      return { kind: 'config' };
    case 'server':
      return tail ? { kind: 'server', name: tail } : undefined;
    case 'add-server':
      return { kind: 'serverForm' };
    case 'edit-server':
      return tail ? { kind: 'serverForm', name: tail } : undefined;
    case 'registry':
      return { kind: 'registry' };
    case 'bundle':
      return { kind: 'bundle' };
    case 'tasks':
      return { kind: 'tasks' };
    case 'servers':
      return { kind: 'servers' };
    case 'chat':
      if (!tail) return undefined;
      return { kind: 'chat', id: tail === 'new' ? null : tail };
    default:
      return undefined;
  }
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
