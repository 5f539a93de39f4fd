/** English: servers started on first use, stopped when idle, and what each one costs. */
export const onDemand = {
  status: {
    remembered: 'Starts when used',
    idleStopped: 'Stopped when idle',
  },
  toolCallStarting: 'Starting {{server}}…',
  rememberedTool: 'From its last run',
  rememberedToolHint:
    'Known from the list remembered when this server last ran. It is not running now; it starts when the tool is called.',
  rememberedNotice:
    'Not running. Its tools, prompts and templates are shown as they were on {{when}}; it starts when something needs it.',
  idleNotice:
    'Stopped after it went unused for a while (on {{when}}). It starts again when something needs it.',
  overview: 'All servers',
  screen: {
    title: 'Servers',
    intro:
      'Servers start when a conversation, a picker or an App first needs them and stop again after going unused. Memory and CPU are those of each server’s whole process tree, measured while this screen is open.',
    name: 'Server',
    state: 'State',
    tools: 'Tools',
    memory: 'Memory',
    cpu: 'CPU',
    processes_one: '{{count}} process',
    processes_other: '{{count}} processes',
    measuring: 'Measuring…',
    remote: 'Remote',
    growing: 'Memory keeps growing',
    growingHint:
      'Its memory has risen steadily over the last minutes and is far above where it started. If it keeps climbing, restart it.',
    host: 'Switchboard itself uses {{memory}}.',
    totals_one: '{{running}} of {{count}} server running, {{memory}} in all.',
    totals_other: '{{running}} of {{count}} servers running, {{memory}} in all.',
    unavailable: 'Memory and CPU cannot be measured on this system.',
    start: 'Start',
    stop: 'Stop',
    retry: 'Try again',
    open: 'Open {{name}}',
    empty: 'No servers yet.',
  },
  settings: {
    section: 'Servers',
    idleMinutes: 'Stop a server after it goes unused for (minutes)',
    idleMinutesHelp:
      'A server whose tools are remembered starts when it is first needed and stops after this long unused; 0 keeps servers running. Servers holding subscriptions, running tasks or open Apps are never stopped. An entry’s own "idleMinutes" wins; entries with "start": "launch" keep running unless they set it.',
    invalid: 'A whole number of minutes from 0 to 1440.',
  },
};
