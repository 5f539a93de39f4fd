/** English: large tool catalogues — tool search, always-loaded tools, what definitions cost. */
export const toolSearch = {
  tokens: '~{{tokens}} tokens',
  serverCost: '{{tools}} · ~{{tokens}} tokens',
  serverCostTitle:
    'Its {{count}} enabled tools take about {{tokens}} tokens of every request that carries their definitions.',
  totalHeading: 'Tool definitions',
  total_one: '{{total}} tool · ~{{tokens}} tokens',
  total_other: '{{total}} tools · ~{{tokens}} tokens',
  planAll: 'Every request carries all of them.',
  planSearch:
    'Tool search: requests carry ~{{tokens}} tokens ({{count}} definitions); the rest are found when needed.',
  planApiSearch:
    'Claude’s tool search: the model sees ~{{tokens}} tokens ({{count}} definitions); the rest are found when needed.',
  alwaysLoad: 'Always load',
  alwaysLoadHelp: 'Offered in full even when tool search holds the other tools back.',
  alwaysLoadHint: 'The server asks to keep this tool loaded.',
  toolTokens: '~{{tokens}} tokens',
  toolTokensTitle: 'Estimated tokens of this tool’s definition in a model request.',
  serverTotal_one: '{{total}} enabled tool · ~{{tokens}} tokens of definitions',
  serverTotal_other: '{{total}} enabled tools · ~{{tokens}} tokens of definitions',
  serverAlwaysLoaded_one: '{{count}} always loaded',
  serverAlwaysLoaded_other: '{{count}} always loaded',
  section: 'Tool search',
  intro:
    'With many tools, requests carry a search tool and a few always-loaded tools instead of every definition. What a search finds is offered from then on, and stays loaded for the conversation.',
  mode: 'Use tool search',
  modeAuto: 'When there are many tools',
  modeOn: 'Always',
  modeOff: 'Never',
  minTools: 'More tools than',
  minTokens: 'Or more definition tokens than',
  useApiSearch: 'Use Claude’s own tool search on models that have it',
  saved: 'Saved.',
  notSaved: 'Not saved: {{message}}',
  chatLabel: 'Tool search for this conversation',
  chatDefault: 'As in settings',
  chatOn: 'On',
  chatOff: 'Off',
  chatSummaryAll_one: '{{total}} tool sent in full (~{{tokens}} tokens)',
  chatSummaryAll_other: 'All {{total}} tools sent in full (~{{tokens}} tokens)',
  chatSummarySearch:
    '{{sent}} of {{total}} tools sent in full (~{{tokens}} tokens); the rest by search',
  chatLoaded_one: '{{count}} found so far',
  chatLoaded_other: '{{count}} found so far',
  contextWarning:
    'The next request would not fit {{model}}’s context: about {{projected}} tokens of {{window}}.',
  contextWarningTools:
    'The tool definitions alone take about {{tokens}} tokens: turn tool search on for this conversation.',
  toolsOverWindow_one:
    'Tool search is off: the {{tools}} tool sent in full takes about {{tokens}} tokens, so the next request would not fit {{model}}’s context ({{window}}). Turn tool search on for this conversation.',
  toolsOverWindow_other:
    'Tool search is off: the {{tools}} tools sent in full take about {{tokens}} tokens, so the next request would not fit {{model}}’s context ({{window}}). Turn tool search on for this conversation.',
  toolsLarge_one:
    'Tool search is off: the {{tools}} tool sent in full takes about {{tokens}} tokens, and {{model}}’s context size is not known. Tool search keeps requests small.',
  toolsLarge_other:
    'Tool search is off: the {{tools}} tools sent in full take about {{tokens}} tokens, and {{model}}’s context size is not known. Tool search keeps requests small.',
  contextNear:
    'This conversation is close to {{model}}’s context: about {{projected}} tokens of {{window}}.',
  usageTools: ' · tools ~{{tokens}} ({{sent}} sent)',
  usageToolsDeferred: ' · tools ~{{tokens}} ({{sent}} sent, {{deferred}} by search)',
  usageToolsTitle:
    'The request carried {{sent}} tool definitions in full, about {{tokens}} tokens; {{deferred}} more were left to the search.',
  searched: 'Searched the tools: “{{query}}”',
  found: 'found',
  foundNone: 'found nothing',
  searchFailed: 'the search failed ({{code}})',
};
