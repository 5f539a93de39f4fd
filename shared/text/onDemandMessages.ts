/**
 * Main's messages about servers started on demand, stopped when idle and owned by one process,
 * in English (part of `hostMessages`, under `onDemand`; the Chinese words are in
 * renderer/i18n/locales/zhCN/onDemandHost.ts).
 */
export const onDemandMessages = {
  config: {
    idleMinutes:
      '{{path}} must be a whole number of minutes between 0 (never) and {{max}}, but it is {{value}}',
  },
  owner: {
    electron: 'the desktop app',
    web: 'the web shell',
    cli: 'a command-line run',
    other: 'another Switchboard process',
  },
  ownedElsewhere:
    '“{{name}}” is already running in {{owner}} (pid {{pid}}) on this data folder, and a server never runs twice. Use it there, or stop it there (it also stops by itself when unused) and try again.',
  startFailed: '“{{name}}” could not start: {{reason}}',
  signInFirst: '“{{name}}” needs a sign-in before it can be used.',
  toolGone:
    'Server “{{server}}” no longer offers the tool “{{tool}}” (it was in the list remembered from its last run).',
  stopped: 'Switchboard stopped “{{name}}” while waiting for it to start.',
};
