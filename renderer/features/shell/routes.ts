import type { View } from '../../stores/appStore';

/**
 * Screens as hash addresses, so a reload (and Back) keeps the place in both shells:
 * `#/`, `#/settings`, `#/servers-file`, `#/server/<name>`, `#/chat/new`, `#/chat/<id>`.
 */
export function viewToHash(view: View): string {
  switch (view.kind) {
    case 'home':
      return '#/';
    case 'settings':
      return '#/settings';
    case 'config':
      return '#/servers-file';
    case 'server':
      return `#/server/${encodeURIComponent(view.name)}`;
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
      return { kind: 'settings' };
    case 'servers-file':
      return { kind: 'config' };
    case 'server':
      return tail ? { kind: 'server', name: tail } : undefined;
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
