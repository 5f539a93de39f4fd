import { authMessages } from './authMessages';
import { registryMessages } from './registryMessages';
import { bundlesMessages } from './bundlesMessages';
import { configMessages } from './configMessages';
import { onDemandMessages } from './onDemandMessages';
import { sandboxMessages } from './sandboxMessages';

/**
 * Main's messages to people, in English: the reference the locale files translate (under
 * `host`), and what the CLI and logs print. `{{name}}` marks a value; a value may itself be a
 * message. Grouped by where they come from.
 */
export const hostMessages = {
  /** Words that came from elsewhere (a server, the API, the model), passed on as they are. */
  foreign: '{{text}}',
  /** Between the items of a list inside a message. */
  listSeparator: '; ',
  /** The window's own connection to Switchboard (the web shell's socket). */
  bridge: {
    lost: 'Connection to Switchboard was lost.',
    tooManyWaiting: 'Not connected to Switchboard, and too many requests are already waiting.',
  },
  /** The desktop app's own launch (a native dialog, before any window). */
  startup: {
    failedTitle: 'Switchboard could not start',
    failed: 'Switchboard could not start: {{reason}}\n\nDetails are in the log: {{log}}',
  },
  protocol: {
    inputTooDeep: 'Invalid input for {{name}}: nested deeper than {{max}} levels.',
    inputTooLarge: 'Invalid input for {{name}}: larger than {{max}}.',
    unknownRequest: 'Unknown request {{name}}.',
    invalidInput: 'Invalid input for {{name}}.',
    untrustedFrame: 'This frame may not talk to Switchboard.',
    binaryFrame: 'Binary frames are not accepted.',
    tooLarge: 'Request too large ({{bytes}} bytes; the limit is {{limit}}).',
    notJson: 'The request is not JSON.',
    badFrame: 'The request is not a request frame.',
  },
  validation: {
    required: 'Required.',
    tooShort: 'At least {{minimum}} characters.',
    tooLong: 'At most {{maximum}} characters.',
    tooSmall: 'At least {{minimum}}.',
    tooBig: 'At most {{maximum}}.',
    url: 'Must be an http(s) URL.',
    format: 'Not a valid {{format}}.',
    type: 'Expected {{expected}}.',
    choice: 'Not one of the choices.',
    unknownKey: 'Not a known setting: {{key}}.',
    invalid: 'Not valid.',
  },
  secrets: {
    missingForServer:
      'Server “{{name}}” uses the secret {{secrets}}, which is not in the secret store. Enter it in the server’s form (Servers → Edit) or in Settings → Secrets, and start it again.',
    badReference:
      '{{where}} uses ${secret:{{name}}}, which is not a valid secret name (letters, digits and _ . : / - only, at most 200).',
    missingReference:
      '{{where}} uses ${secret:{{name}}}, but no secret named {{name}} is stored. Keep it in Settings → Secrets (CLI: secret set {{name}}).',
    missing: 'The secret {{secrets}} is not in the secret store.',
    badName:
      '“{{name}}” is not a valid secret name (letters, digits and _ . : / - only, at most 200).',
    unavailable: 'The OS keychain is not available, so secrets cannot be stored safely.',
    empty: 'The secret is empty.',
    tooLong: 'The secret is longer than {{max}} characters; that is not a key or a token.',
    notWired:
      '{{field}} of “{{name}}” refers to {{reference}}, which it may not use: values {{source}} cannot read your environment or your secrets. Enter the value in the server’s form (Servers → Edit).',
    notWiredAt:
      '{{where}} refers to {{reference}}, which it may not use: values {{source}} cannot read your environment or your secrets. Enter the value in the server’s form (Servers → Edit).',
    envUnset:
      '{{field}} of “{{name}}” uses ${env:{{variable}}}, but the environment variable {{variable}} is not set.',
  },
  /** Where a server entry's text came from, in messages about what it may use. */
  origin: {
    registry: 'from the MCP Registry',
    bundle: 'from a bundle',
  },
  conversation: {
    notFound: 'There is no conversation {{id}}.',
    busy: 'A reply is still being written in this conversation; stop it first.',
    nothingToRetry: 'There is no message to retry.',
    nothingToContinue: 'There is no cut-off reply to continue.',
    editOwnOnly: 'Only your own messages can be edited.',
    messageNotFound: 'There is no message {{id}} in this conversation.',
    toolCallNotFound: 'There is no tool call {{id}}.',
    toolResultNoTextBlock: 'Tool call {{id}} has no text block {{block}}.',
    unknownTool: 'The model asked for a tool that is not available: {{name}}.',
    noOtherVersion: 'There is no other version in that direction.',
    cancelledCall: 'The person cancelled this tool call.',
  },
  store: {
    noConversation: 'There is no conversation {{id}}.',
    noMessage: 'There is no message {{id}}.',
    noToolCall: 'There is no tool call {{id}}.',
    notTextBlock:
      'Block {{block}} of message {{id}} is {{type}}; only text, reasoning and thinking blocks take deltas.',
    notStreamingHere: 'Message {{id}} is not being written here.',
    blockRange: 'Block {{index}} is out of range for message {{id}} (0–{{max}}).',
    notStreaming: 'Message {{id}} is {{status}}, not being written.',
    notResumable: 'Message {{id}} ({{role}}, {{status}}) cannot be continued.',
    notPending: 'Tool call {{id}} is {{status}}, not waiting.',
  },
  approval: {
    invalidDecision: 'That is not a valid answer to the approval request.',
    notWaiting:
      'This approval request is no longer waiting (answered elsewhere, or its turn stopped).',
    noGrant: 'That grant no longer exists.',
    notFromApp: 'Only a request an App made can be allowed for the App.',
  },
  config: configMessages,
  roots: {
    noPicker: 'This window cannot open a folder picker; type the folder’s path instead.',
    notAbsolute: '“{{path}}” is not an absolute path. Give the full path of a folder.',
    missing: 'There is no folder at “{{path}}”.',
    isFile: '“{{path}}” is a file, not a folder.',
  },
  sampling: {
    noResultYet: 'There is no result to approve yet.',
    withdrawn: 'The server withdrew the request.',
    noMessage: 'There is no message {{message}} in this request.',
    tooManyTokens: 'This server may ask for at most {{limit}} tokens per request.',
    answered: 'This request is already answered.',
    notNow: 'You cannot {{what}} at this stage of the request.',
    doReview: 'review the request',
    doRegenerate: 'generate again',
    doApprove: 'approve the result',
    notText: 'Block {{block}} of {{where}} is not text; only text can be edited.',
    theResult: 'the result',
    theMessage: 'message {{message}}',
  },
  elicit: {
    noSuchField: 'This form has no such field.',
    text: 'Must be text.',
    number: 'Must be a number.',
    boolean: 'Must be yes or no.',
    list: 'Must be a list of choices.',
    unknownType: 'This form uses a field type the app does not know ({{type}}).',
    choose: 'Choose one of the offered options.',
    chooseMany: 'Choose from the offered options.',
    email: 'Not an email address.',
    uri: 'Not a URI (for example https://example.com).',
    date: 'Not a date (YYYY-MM-DD).',
    dateTime: 'Not a date and time (e.g. 2026-01-31T09:30:00Z).',
    finite: 'Must be a finite number.',
    integer: 'Must be a whole number.',
    once: 'Each option at most once.',
    atLeast: 'Choose at least {{minimum}}.',
    atMost: 'Choose at most {{maximum}}.',
    answered: 'This form is already answered.',
    fix: 'Some answers need fixing. {{fields}}',
    field: '{{name}}: {{problem}}',
    fieldThen: '{{name}}: {{problem}} {{rest}}',
  },
  interaction: {
    notWaiting:
      'This request is no longer waiting (answered elsewhere, or the server withdrew it).',
    wrongKind: 'That answer does not fit this kind of request.',
    openFirst: 'Open the page first, then retry.',
    alreadyOpened: 'The page was already opened.',
    notOpenable:
      'Only https links (or http links to this computer) can be opened; not opening {{url}}.',
    notOpened: 'The page was not opened.',
  },
  files: {
    gone: 'This file is no longer waiting to be sent; attach it again.',
    tooLarge: '{{name}} is too large to send.',
    tooMany: 'Too many files are waiting to be sent; send or remove some first.',
    larger: '{{name}} arrived larger than announced.',
    incomplete: '{{name}} arrived incomplete.',
    notHere: 'Files cannot be attached here.',
  },
  attachments: {
    cannotRead: 'Could not read {{uri}} from “{{server}}”: {{reason}}',
    tooLarge:
      'The attachments add up to {{size}}; at most {{max}} can be sent with one message. Remove the largest ones.',
    tooMuchText:
      'The attached text is {{chars}} characters; at most {{max}} can be sent with one message.',
    imageTooLarge:
      'The image {{name}} is {{size}}; the model accepts images up to {{max}}. Attach a smaller version.',
  },
  resources: {
    noSubscriptions: 'The server “{{server}}” does not offer resource subscriptions.',
    noChangeNotifications: 'The server does not offer change notifications for this resource.',
    badTemplate: 'Not a valid URI template: {{detail}}',
  },
  mcp: {
    disabled: 'The server “{{name}}” is disabled; enable it first.',
    noTool: 'The server “{{server}}” has no tool “{{tool}}”.',
    noServer: 'There is no server named “{{name}}”.',
    runTwice: 'The tool run “{{runId}}” is already running.',
    couldNotStart: 'Could not start the server: {{detail}}',
    unreachable: 'Could not reach the server: {{detail}}',
    closed: 'The connection to the server closed.',
    staleNotRepeated:
      'The server restarted and lost this session. It is reconnected, but the call was not repeated because it may not be safe to run twice.',
    closedReconnecting: 'The session was closed while reconnecting.',
    closedConnecting: 'The session was closed while connecting.',
    notConnected: 'The server is not connected.',
    startTimeout: 'The server did not finish starting in time.',
    connectCancelled: 'Connecting was cancelled.',
    notRunning: 'The server “{{name}}” is not running.',
    messageTooLarge:
      'The server “{{name}}” sent a message of {{size}} bytes, over the {{limit}}-byte limit on one message; it was dropped, the calls waiting on the server failed, and the server keeps running.',
    resultTooLarge:
      'The server “{{name}}” answered with {{size}} bytes, over the {{limit}}-byte limit on one message; the answer was dropped and the server keeps running.',
    sseOnly:
      'This server only offers the old HTTP+SSE transport, which cannot carry the 2026 protocol.',
    probeExit:
      'The server exited on the era probe and this session cannot restart it: pass a transport factory, or set protocol to "legacy"',
    notReady: 'The server “{{name}}” is not ready.',
    /** Why a remote server could not be reached. */
    remote: {
      refused: 'Nothing is listening at {{host}}: the connection was refused.',
      dns: 'The name {{host}} could not be found (DNS).',
      timeout: '{{host}} did not answer in time.',
      reset: '{{host}} closed the connection.',
      unreachable: 'There is no route to {{host}} from this computer.',
      tls: 'The secure connection to {{host}} failed: {{detail}}',
      http: '{{host}} answered HTTP {{status}}: {{body}}',
      httpBare: '{{host}} answered HTTP {{status}}.',
    },
  },
  auth: authMessages,
  server: {
    crashLoop: 'Stopped retrying after {{attempts}} failed starts in a row. Last error: {{last}}',
    signal: 'The server was stopped by {{signal}}.',
    signalStarting: 'The server was stopped by {{signal}} while starting.',
    exitCode: 'The server exited with code {{code}}.',
    exitCodeStarting: 'The server exited with code {{code}} while starting.',
    exited: 'The server exited.',
    exitedStarting: 'The server exited while starting.',
  },
  launch: {
    notFoundAt: "Command '{{command}}' was not found at {{where}}.",
    notFoundIn: "Command '{{command}}' was not found. Looked in: {{dirs}}.",
    notFoundNoPath: "Command '{{command}}' was not found: PATH is empty.",
    notExecutable: '{{message}} Found but not executable: {{files}}.',
    server: "server '{{name}}'",
    theServer: 'the server',
    couldNotStart: 'Could not start {{command}}.',
    noCwd: 'The working directory of {{label}} does not exist: {{cwd}}',
    permission: 'permission denied (is it executable, and is its folder accessible?)',
    interpreter: 'it or its interpreter (the #! line) was not found',
    notProgram: 'it is not a program this system can run',
    spawnFailed: 'Could not start {{label}} ({{command}}): {{reason}}.',
  },
  model: {
    api: 'the {{provider}} API',
    apiAt: 'the {{provider}} API at {{url}}',
    noKey: 'No {{provider}} API key is set. Add one in Settings.',
    cancelled: 'Cancelled.',
    timeout: 'The {{provider}} API did not answer in time.',
    timeoutAt: 'The {{provider}} API at {{url}} did not answer in time.',
    unreachable: 'Could not reach {{api}}: {{detail}}',
    unreachableBare: 'Could not reach {{api}}.',
    malformed: 'The {{provider}} API sent a malformed event: {{detail}}',
    broke: 'The connection to the {{provider}} API broke: {{detail}}',
    closedEarly: 'The connection to the {{provider}} API closed before the response was complete.',
    stalled: 'The {{provider}} API sent nothing for {{seconds}} s, so the response was ended.',
    rejectedKey: '{{provider}} rejected the API key: {{detail}}. Check the API key in Settings.',
    rateLimited: 'The {{provider}} API is rate limiting requests: {{detail}}.',
    overloaded: 'The {{provider}} API is overloaded: {{detail}}.',
    failed: 'The {{provider}} API failed: {{detail}}.',
    timedOut: 'The {{provider}} API timed out: {{detail}}.',
    refused: 'The {{provider}} API rejected the request: {{detail}}.',
    waitAsked: '{{message}} The API asked to wait {{seconds}} s.',
    sampleIncomplete: 'The model’s answer ended before it was complete.',
    namesNoModel: '“{{ref}}” names no model.',
    noProvider: 'There is no model provider “{{id}}” (there are: {{known}}).',
    noProviderBare: 'There is no model provider “{{id}}”.',
    readOnly: '{{name}} cannot be changed that way: {{why}}.',
    readOnlyWhy: {
      baseUrlOnly: 'only its base URL can be changed here',
      environment: 'it is defined by the environment',
      notRemovable: 'it cannot be removed',
      envKey: 'its key comes from OPENAI_API_KEY',
    },
    schemaRefused:
      'The tool “{{tool}}” cannot be offered to {{provider}}: its input schema {{why}}, which the ' +
      'Chat Completions API cannot express. Turn the tool off in its server’s tool list, or ' +
      'chat with a Claude model.',
    schemaWhy: {
      otherDocument: 'refers to another document ({{ref}})',
      leadsNowhere: 'has a reference that leads nowhere ({{ref}})',
      tooDeep: 'is nested too deeply',
      selfReference: 'refers to itself ({{ref}})',
    },
  },
  apps: {
    frameClosed: 'This App is closed (its frame is unknown).',
    noTool: '“{{server}}” has no tool “{{tool}}”.',
    toolHidden:
      'The tool “{{tool}}” is not available to Apps (its visibility does not include "app").',
    notRun: 'Not run: {{reason}}',
    linkRefused:
      'Only https links (or http links to this computer) can be opened; not opening {{url}}.',
    closed: 'The App was closed.',
    cancelledByApp: 'The App cancelled this request.',
    previewOnly: 'Only an App shown in a conversation can {{what}}; this one is a preview.',
    sendMessage: 'send a message',
    setContext: 'set context for the model',
    noToolCall: 'No tool call {{id}}.',
    noApp: 'This tool call has no App.',
    consentsWaiting:
      '{{limit}} requests of this App already wait for you; ask again once they are answered.',
    linkForAppOnly: 'Only a page an App asked to open can be allowed for the App.',
  },
  bundles: bundlesMessages,
  registry: registryMessages,
  registryReview: {
    heading:
      'Review of {{name}} {{version}}, option [{{option}}] {{type}} (version document {{digest}})',
    runs: 'Runs',
    connects: 'Connects to',
    command: 'Command',
    arguments: 'Arguments',
    environment: 'Environment',
    url: 'URL',
    headers: 'Headers',
    refused: 'Refused: {{reason}}',
    stillNeeded: 'Still needed: {{labels}}',
    leftOut: '(left out when empty)',
    dryRun: 'Nothing was installed (--dry-run).',
    sandboxed:
      'Sandboxed: reads all but your credentials and Switchboard’s data; writes {{writes}}; connects to {{hosts}}',
    ownFolder: 'only its own folder',
    ownFolderAnd: 'its own folder and {{list}}',
    nowhere: 'nowhere',
    sources: {
      switchboard: 'added by Switchboard',
      registry: 'fixed by the registry',
      template: 'the registry’s text with your answers',
      default: 'registry default',
      you: 'typed by you',
      secret: 'secret store (typed by you)',
    },
  },
  serverForm: {
    secretValue: 'enter a value for the secret {{label}}',
    unnamedVariable: 'a variable has a value but no name',
    unnamedHeader: 'a header has a value but no name',
    twice: '{{name}} is listed twice',
    noCommand: 'a local server needs a command',
    noUrl: 'a remote server needs a URL',
    cannotSave: 'Cannot save “{{name}}”: {{problems}}.',
    notInFile: 'There is no server named “{{name}}” in the servers file.',
    gone: 'There is no server named “{{name}}” any more.',
    testProblems: 'The form has problems: {{problems}}.',
    testSignIn: 'The server wants a sign-in. Save it, then use “Sign in” on its screen.',
    testTimeout: 'The server did not finish starting within {{seconds}} s.',
  },
  skills: {
    notLoaded:
      'The skill “{{name}}” is not loaded in this conversation: load it first (without "file"), then read its files.',
    notListed: 'Server “{{server}}” lists no skill {{uri}}.',
    unverifiable:
      'The skill “{{name}}” publishes no file list with digests, so it cannot be verified; it cannot be enabled.',
    failedCheck: 'It failed verification: {{detail}}',
    changedWhileShown:
      'The skill “{{name}}” changed while it was shown: look at what it is now, then approve it again.',
    notApproved:
      'The skill “{{name}}” changed since the person approved it and is not offered until they approve it again. Nothing of it was read.',
  },
  onDemand: onDemandMessages,
  /** The MCP Events extension: subscriptions, delivery, event-started turns. */
  events: {
    notOffered: 'The server “{{server}}” does not offer events.',
    timedOut: '{{method}} timed out.',
    cancelled: 'Cancelled.',
    notSent: '{{method}} could not be sent to the server.',
    serverError: 'The server refused {{method}}: {{text}}',
    noSuchType: 'The server “{{server}}” has no event type “{{type}}”.',
    noDelivery:
      'The event type “{{type}}” offers neither poll nor push delivery; webhook delivery needs a public relay.',
    badArguments: 'These arguments do not fit the event type: {{problems}}',
    noSubscription: 'No such event subscription.',
    noConversation: 'No such conversation.',
    templateRequired: 'A turn needs a prompt template.',
    ended: 'The server ended this subscription: {{text}}',
    serverDown: 'Waiting for the server to start.',
  },
  tasks: {
    otherEndpoint: 'This task belongs to a server that is configured differently now.',
    cancelled: 'The task was cancelled.',
    failed: 'The task failed.',
    expired: 'The task expired before its result was fetched.',
    noTask: 'No task {{id}}.',
    noStoredTask: 'No stored task {{id}} of {{server}}.',
    shuttingDown: 'Switchboard is shutting down.',
    stoppedWaiting: 'Stopped waiting for the task.',
  },
  sandbox: sandboxMessages,
};
