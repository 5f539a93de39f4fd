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
    noGrant: 'There is no grant {{id}}.',
    notTextBlock:
      'Block {{block}} of message {{id}} is {{type}}; only text, reasoning and thinking blocks take deltas.',
    notStreamingHere: 'Message {{id}} is not being written here.',
    blockRange: 'Block {{index}} is out of range for message {{id}} (0–{{max}}).',
    notStreaming: 'Message {{id}} is {{status}}, not being written.',
    notResumable: 'Message {{id}} ({{role}}, {{status}}) cannot be continued.',
    notPending: 'Tool call {{id}} is {{status}}, not waiting.',
    grantWithoutConversation: 'A conversation grant needs a conversation.',
  },
  approval: {
    invalidDecision: 'That is not a valid answer to the approval request.',
    notWaiting:
      'This approval request is no longer waiting (answered elsewhere, or its turn stopped).',
    noGrant: 'That grant no longer exists.',
    notFromApp: 'Only a request an App made can be allowed for the App.',
  },
  config: {
    noPicker: 'There is no file picker here; type the full path instead.',
    alreadyHas: 'the servers file already has "{{name}}"; choose another name',
    nameTaken: 'There is already a server named “{{name}}”; choose another name.',
    relativePath: 'Give the full path of the file ({{path}} is relative).',
    cannotReadFile: 'Cannot read {{path}}: {{reason}}',
    noImportSource: 'There is nothing to import at {{path}}.',
    notImportable: 'Not importable: {{names}}',
    cannotAdd: 'cannot add servers',
    cannotSaveServer: 'cannot save server "{{name}}"',
    invalid: '{{what}}: {{reason}}',
    invalidMore: '{{what}}: {{reason}} (and {{more}} more)',
    emptied:
      'the servers file {{what}} while {{count}}. Restore the file, or save it empty to stop them.',
    becameEmpty: 'became empty',
    wasDeleted: 'was deleted',
    oneServerKept: '1 server was configured; it keeps running',
    serversKept: '{{count}} servers were configured; they keep running',
    notUtf8:
      'the servers file is not valid UTF-8 at byte {{byte}}; the bytes that could not be read show as \uFFFD',
    fileTooLarge:
      'the servers file is {{mib}} MiB; files over {{limit}} MiB are not read (the last good config keeps running)',
    inputMissing: 'no value given for input {{inputs}}',
    changedOnDisk:
      'the servers file changed on disk after it was opened; review the new version before saving',
    cannotRead: 'cannot read the servers file: {{detail}}',
    cannotReadImport: "cannot read {{source}}'s file: {{detail}}",
    twice: '{{path}} appears twice (first on line {{line}}); keep only one',
    kinds: {
      object: 'an object',
      array: 'an array',
      string: 'a string',
      number: 'a number',
      boolean: 'the boolean {{value}}',
      null: 'null',
      other: 'something else',
    },
    expected: {
      string: 'a string',
      stringArray: 'an array of strings',
      stringRecord: 'an object of string values, like { "NAME": "value" }',
      boolean: 'true or false',
      oneOf: 'one of {{list}}',
      milliseconds: 'a number of milliseconds',
    },
    wrongType: '{{path}} must be {{expected}}, but it is {{actual}}',
    emptyEnvName: '{{path}} contains "${env:}" without a variable name',
    envUnset: '{{path}} uses ${env:{{name}}}, but the environment variable {{name}} is not set',
    untrustedEnv:
      '{{path}} uses ${env:{{name}}}, which it may not: values {{source}} cannot read your environment or your secrets. Write your own value here, or add "{{name}}" to the entry’s origin.env if you mean to give it',
    untrustedSecret:
      '{{path}} uses ${secret:{{name}}}, which it may not: values {{source}} cannot read your environment or your secrets, so this server will not start. Enter the value in its form (Servers → Edit)',
    originNotObject:
      '{{path}} must be an object like { "kind": "registry", "name": "io.example/server" }',
    originDigest:
      '{{path}} must be "sha256:" followed by 64 hexadecimal digits, but it is {{value}}',
    originSecretName:
      '{{path}} is not a valid secret name (letters, digits and _ . : / - only, at most 200): {{value}}',
    originEnvName: '{{path}} is not a valid environment variable name: {{value}}',
    tooLongText: '{{path}} is longer than {{max}} characters',
    empty: '{{path}} must not be empty',
    notOneOf: '{{path}} must be one of {{list}}, but it is {{value}}',
    milliseconds:
      '{{path}} must be a whole number of milliseconds between 1 and {{max}}, but it is {{value}}',
    serverNotObject: '{{path}} must be an object like { "command": "..." } or { "url": "..." }',
    unknownServerKey: 'unknown key "{{key}}" in server "{{name}}" is kept in the file but ignored',
    notValid: '{{path}} is not valid: {{reasons}}',
    commandAndUrl:
      'server "{{name}}" has both "command" and "url"; add "type": "stdio" or "type": "http" to say which one to use',
    commandOrUrl:
      'server "{{name}}" needs "command" (to run a local program) or "url" (to connect to a remote server)',
    timeoutsNotObject: '{{path}} must be an object like { "startupMs": 30000, "requestMs": 60000 }',
    unknownTimeoutKey:
      'unknown key "{{key}}" in {{path}} is kept in the file but ignored (known: startupMs, requestMs)',
    notUrl: '{{path}} must be an http:// or https:// URL, but it is {{value}}',
    noEffect: '"{{key}}" has no effect on {{what}} and is ignored',
    stdioServer: 'a stdio server',
    remoteServer: 'an {{transport}} server',
    missing: '{{path}} is missing "{{key}}"',
    emptyName: 'a server name must not be empty',
    longName: 'server name "{{name}}…" is longer than {{max}} characters',
    fileNotObject:
      'the servers file must be a JSON object like { "mcpServers": { "name": { "command": "..." } } }',
    unknownTopKey: 'unknown top-level key "{{key}}" is kept in the file but ignored',
    serversNotObject: 'mcpServers must be an object whose keys are server names',
    oauthNotObject: '{{path}} must be an object like { "clientId": "...", "scopes": ["..."] }',
    unknownOAuthKey:
      'unknown key "{{key}}" in {{path}} is kept in the file but ignored (known: {{known}})',
    port: '{{path}} must be a port number from 1 to 65535',
    either: '{{first}} or {{second}}',
    both: '{{first}} and {{second}}',
    grantOnly:
      '{{path}}.{{field}} only applies with "grant": {{grants}}, but the grant is "{{grant}}"',
    grantNeeds: '{{path}} with "grant": "{{grant}}" needs {{names}}',
    grantOnlyOne: '{{path}} with "grant": "{{grant}}" takes only one of {{names}}',
    plainSecret:
      '{{path}} holds a secret in plain text: keep it in the secret store (`npm run --silent cli -- secret set NAME`) and write "${secret:NAME}" here',
    idpNotObject:
      '{{path}} must be an object like { "issuer": "https://idp.example.com", "clientId": "...", "idToken": "${secret:NAME}" }',
    mustBeUrl: '{{path}} must be a URL, but it is {{value}}',
    needs: '{{path}} needs {{names}}',
    mustBeAbsolute: '{{path}} must be an absolute path, but it is {{value}}',
    metadataUrl:
      '{{path}} must be an https:// URL with a path (a Client ID Metadata Document), but it is {{value}}',
    import: {
      notObject: 'server "{{name}}" is {{actual}}, not an object; skipped',
      dropped: '"{{key}}" of server "{{name}}" is not imported: {{reason}}',
      droppedEnvFile: 'Switchboard does not read env files; copy the variables into "env"',
      droppedDev: 'VS Code development mode (watch and debug) has no equivalent here',
      droppedOther: 'Switchboard does not use it',
      unknownType:
        'server "{{name}}" has an unknown type {{value}} (use "stdio", "http" or "sse"); skipped',
      note: 'server "{{name}}": {{note}}',
      defaultDropped: 'the default "{{fallback}}" for ${{{name}}} was dropped ({{name}} is set)',
      defaultWritten: '{{name}} is not set, so its default "{{fallback}}" was written instead',
      unsupported: '{{variable}} is not supported and was left as written',
      editorOnly: '{{variable}} has no meaning outside the editor and was left as written',
      noServers: 'no "{{key}}" object found: this file has no servers to import',
      notAnObject: 'expected a JSON object with the servers',
      envUnset:
        'server "{{name}}" uses ${env:{{variable}}}, which is not set here; the servers file will report an error until it is',
      inputUndefined: '${input:{{id}}} is used but not defined in "inputs"',
      inputCommand: 'input "{{id}}" runs an editor command; type its value instead',
      inputSecret:
        'the answer to "{{id}}" is a secret and will be stored in plain text in the servers file',
    },
    edit: {
      taken: 'the servers file already has {{names}}; choose other names',
      notJsonAt:
        'the servers file is not valid JSON (line {{line}}, column {{column}}: {{problem}}); fix it before changing servers',
      notJson: 'the servers file is not valid JSON; fix it before changing servers',
      notObject: 'the servers file is not a JSON object',
      noServer: 'there is no server named "{{name}}" in the servers file',
      serverNotObject: 'server "{{name}}" is not an object',
    },
    json: {
      tooDeep: 'nested deeper than {{max}} levels; the servers file cannot be read like this',
      trailingComma: 'trailing comma: JSON does not allow a comma before "{{found}}"',
      incomplete: 'unexpected end of file: the JSON is incomplete',
      valueExpected: 'expected a value (a string, number, object, array, true, false or null)',
      singleQuotedName: 'property names need double quotes, not single quotes',
      nameExpected: 'expected a property name in double quotes, found {{found}}',
      singleQuotedString: 'strings need double quotes, not single quotes',
      unexpected: 'unexpected {{found}}',
      number: 'invalid number',
      colon: 'expected ":" after the property name',
      comma: 'missing comma between items',
      missingBrace: 'unexpected end of file: missing "}"',
      braceExpected: 'expected "," or "}"',
      missingBracket: 'unexpected end of file: missing "]"',
      bracketExpected: 'expected "," or "]"',
      afterEnd: 'unexpected content after the end of the JSON value',
      comment: 'comments are not allowed in JSON',
      openComment: 'unterminated comment',
      openString: 'unterminated string: missing closing double quote',
      incompleteNumber: 'incomplete number',
      unicode: 'invalid \\u escape: expected four hex digits',
      escape: 'invalid escape sequence in string (backslashes must be written as \\\\)',
      control: 'control character in string: line breaks and tabs must be escaped (\\n, \\t)',
      invalid: 'invalid JSON',
    },
  },
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
      'The server “{{name}}” sent a message larger than {{limit}} bytes; the connection was closed.',
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
  auth: {
    browserSignInNotAllowed:
      'The authorization server asked for a browser sign-in, but this server is set up for "grant": "{{grant}}".',
    noBrowserSignIn: 'This server does not sign in through a browser.',
    emptyWorkloadToken: 'The workload identity token is empty.',
    refusedWorkloadToken:
      'The authorization server refused this workload identity token; it is not sent again until it changes.',
    idpRefused: 'The identity provider did not grant access to this server: {{detail}}',
    notPrivateKey: 'oauth.privateKey is not a private key in PEM (PKCS#8 or PKCS#1) or JWK form.',
    unknownKeyType:
      'oauth.privateKey is a {{type}} key; say which algorithm signs with it in oauth.signingAlgorithm.',
    needed: 'This server needs you to sign in.',
    notNeeded: 'The server “{{name}}” does not need a sign-in now.',
    notRemote: 'The server “{{name}}” does not use sign-in (only remote servers do).',
    issuerMetadata:
      'The authorization server described itself as a different issuer than the one it was found at; its metadata was refused.',
    issuerMissing:
      'The sign-in answer did not say which authorization server sent it, although that server promised to; it was refused. Try signing in again.',
    issuerMismatch:
      'The sign-in answer did not come from the expected authorization server (issuer mismatch); it was refused. Try signing in again.',
    resourceMismatch:
      "The server's authorization metadata is for a different resource than this server; sign-in was refused so no token is obtained for the wrong place.",
    serverMoved:
      'The server moved to another authorization server while signing in. Sign in again.',
    registrationRefused:
      'The authorization server refused to register this app (HTTP {{status}}). A client id may have to be configured for this server.',
    insecure: 'The authorization server asks for credentials over plain HTTP; they were not sent.',
    moreScope: 'The server needs more permissions. Sign in again to grant them.',
    moreScopeNamed: 'The server needs more permissions ({{scope}}). Sign in again to grant them.',
    serverSaid: 'The authorization server said: {{detail}} ({{code}})',
    failed: 'Sign-in failed: {{detail}}',
    didNotStart: 'The sign-in did not start.',
    notHttps:
      'The authorization server’s sign-in page is not an https address ({{origin}}); it was not opened.',
    notOpened: 'The sign-in page was not opened.',
    stateMismatch:
      'The sign-in answer does not belong to the sign-in started here (state mismatch); it was refused. Start the sign-in again.',
    noneInProgress: 'No sign-in is in progress for this server. Start the sign-in again.',
    incomplete: 'The sign-in did not complete.',
    emptyAnswer: 'The sign-in answer carried neither a code nor an error.',
    itSaid: '{{base}} It said: {{description}}',
    codes: {
      accessDenied: 'Access was denied at the authorization server.',
      invalidScope: 'The authorization server does not grant the requested permissions.',
      unauthorizedClient: 'The authorization server does not allow this app to sign in this way.',
      serverError: 'The authorization server failed.',
      unavailable: 'The authorization server is busy; try again shortly.',
      other: 'The authorization server refused the sign-in ({{code}}).',
    },
    timedOut:
      'The sign-in timed out: the browser did not come back within {{minutes}} min. Try again.',
    portInUse:
      'Port {{port}} for the sign-in redirect is in use by another program. Close it, or change "redirectPort" in the server’s "oauth" settings.',
    cannotListen: 'Could not listen for the sign-in redirect: {{detail}}',
    cancelled: 'The sign-in was cancelled.',
  },
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
  bundles: {
    unreadable: '{{path}} cannot be read ({{reason}}).',
    notAFile: '{{path}} is not a file.',
    tooLarge: 'The bundle is {{size}}; this app reads bundles up to {{max}}.',
    notMcpbName: '“{{name}}” is not an .mcpb bundle: its name does not end in .mcpb.',
    chunkOrder: 'Chunk at byte {{offset}} does not follow the {{received}} bytes received.',
    tooManyBytes: 'More bytes arrived than the file was said to have.',
    incomplete: 'Only {{received}} of {{size}} bytes arrived; drop the file again.',
    uploadClosed: 'That upload is not open (finished, or replaced by a newer one).',
    noLaunch: 'The bundle does not say how to start its server.',
    notInstalled: 'No bundle is installed as “{{name}}”.',
    noMcpConfig: 'The bundle’s manifest has no mcp_config: there is no command to start it with.',
    untrusted:
      'The bundle carries a signature that could not be verified on this computer (changed after signing, or signed with a certificate this computer does not trust). Install it only if you trust where it came from, and confirm that you do.',
    notArchive: '{{path}} is not a readable .mcpb archive.',
    damaged: 'The bundle could not be unpacked: {{reason}}.',
    badSignatureBlock:
      'The bundle ends in a signature block that is not well formed, so it is not clear which bytes were signed.',
    tooManyEntries:
      'The bundle holds more than {{max}} files and folders; this app unpacks bundles up to that many.',
    totalTooLarge:
      'The bundle unpacks to more than {{max}}; this app unpacks bundles up to that size.',
    entryTooLarge:
      '“{{name}}” in the bundle unpacks to more than {{max}}, the most one file may be.',
    ratio:
      '“{{name}}” in the bundle unpacks to {{ratio}} times its packed size; this app refuses more than {{max}} to 1.',
    manifestTooLarge: 'The bundle’s manifest.json is larger than {{max}}.',
    badName: 'The bundle holds “{{name}}”, a path outside its own folder.',
    duplicate:
      'The bundle holds “{{name}}” twice (names that differ only in upper and lower case count as one).',
    special: 'The bundle holds “{{name}}”, which is not a file, a folder or a link.',
    encrypted: 'The bundle holds “{{name}}” encrypted; bundles cannot be encrypted.',
    linkEscapes: 'The bundle holds a link “{{name}}” to “{{target}}”, outside its own folder.',
    underLink: 'The bundle holds “{{name}}” inside the link “{{link}}”.',
    unsigned:
      'The bundle is not signed: nobody vouches for what it runs. Install it only if you trust where it came from, and confirm that you do.',
    unsafeVariable:
      'The bundle’s mcp_config uses {{variable}} (in {{where}}), which would fill in a value of yours (an environment variable or a stored secret). A bundle may use only ${__dirname}, ${user_config.…}, ${HOME}, ${DESKTOP}, ${DOCUMENTS}, ${DOWNLOADS} and ${pathSeparator}.',
    changedSinceReview:
      'The bundle file changed after it was reviewed (reviewed {{reviewed}}, now {{now}}). Open it again to see what it is now.',
    runtimeCheckedAtInstall:
      '{{runtime}} found at {{path}}. The bundle asks for {{requirement}}: its version is checked when you install, since nothing runs before you confirm.',
    noManifest: 'The bundle has no readable manifest.json ({{reason}}).',
    unknownManifestVersion:
      'The bundle’s manifest version {{version}} is not one this app knows ({{known}}).',
    invalidManifest: 'The bundle’s manifest.json is not valid (manifest {{version}}): {{issues}}',
    fieldProblem: '{{field}}: {{problem}}',
    needs: 'needs {{fields}}',
    notReady: 'The bundle {{parts}}.',
    notNumber: '{{value}} is not a number',
    notBoolean: '{{value}} is not true or false',
    notAbsolute: '{{path}} is not an absolute path',
    missingPath: '{{path}} does not exist',
    notFolder: '{{path}} is not a folder',
    notFile: '{{path}} is not a file',
    otherPlatform: 'This bundle runs on {{platforms}}, not on {{platform}}.',
    ownProgram: 'the bundle’s own program',
    runs: 'Runs {{runtime}}.',
    runtimeNotFound:
      'This bundle needs {{runtime}} (“{{command}}”), and none was found on this computer. {{why}} Install {{runtime}} and try again.',
    runtimeTooOld:
      'This bundle needs {{runtime}} {{requirement}}; the one found at {{path}} is {{version}}.',
    runtimeFound: '{{runtime}} found at {{path}}.',
    runtimeVersionFound: '{{runtime}} {{version}} found at {{path}}.',
  },
  registry: {
    notAChoice: '{{label}}: {{value}} (one of {{choices}})',
    noOption: '{{name}} has no install option {{index}}.',
    needsValue: '{{name}} needs {{labels}}; give it a value to install.',
    needsValues: '{{name}} needs {{labels}}; give them a value to install.',
    notAllowed: 'Not an allowed value: {{values}}.',
    mcpbPackage:
      'This package is an .mcpb bundle download: download the file and use “Install bundle”.',
    unknownRunner:
      'Packages from {{type}} cannot be started by Switchboard (npm, PyPI, NuGet and OCI images can).',
    runnerRefused:
      'This package asks to be started with “{{hint}}”; {{type}} packages start only with {{runner}}.',
    badIdentifier: 'The package name “{{identifier}}” is not a plain {{type}} package name.',
    badVersion: 'The package version “{{version}}” is not a plain version.',
    argumentRefused:
      'The registry gives {{runner}} the argument “{{argument}}”, which is not one a registry may give it ({{allowed}}).',
    dockerArgumentRefused:
      'The registry gives docker the argument “{{argument}}”, which is not one a registry may give it ({{allowed}}). Mounts, devices, privileges and host namespaces are for you to add yourself, under “Extra docker arguments”.',
    extraForDockerOnly: 'Extra arguments can only be added to docker (OCI images).',
    badEnvName: 'The registry names an environment variable “{{name}}”, which is not a plain name.',
    badHeaderName: 'The registry names a header “{{name}}”, which is not a plain header name.',
    badArgumentName:
      'The registry names an argument “{{name}}”, which refers to your secrets or environment.',
    cannotPin: 'The version document of {{name}} cannot be pinned: {{reason}}.',
    wrongDocument: 'The registry answered the request for {{name}} {{version}} with {{got}}.',
    reviewGone:
      'The review of {{name}} {{version}} is no longer kept here; open it again to install.',
    differsFromListing:
      'The version document of {{name}} {{version}} differs from the listing you reviewed, in what would run ({{changes}}). Nothing was installed.',
    changedSinceReview:
      'The registry’s version document of {{name}} {{version}} differs from the one you reviewed ({{changes}}). Nothing was installed.',
    notStdio:
      'This package serves {{transport}} on this computer; Switchboard starts packages over stdio only.',
    schemaMismatch:
      '{{name}} {{version}} does not match the published server.json schema: {{problems}}',
    unreachable: 'Could not reach the MCP Registry at {{url}}: {{reason}}',
    notFound: 'The MCP Registry at {{url}} has no {{path}}.',
    answered: 'The MCP Registry at {{url}} answered {{status}}.',
    answeredWith: 'The MCP Registry at {{url}} answered {{status}}: {{detail}}.',
    tooLarge:
      'The answer of the MCP Registry at {{url}} is larger than {{limit}}; it was not read further.',
  },
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
