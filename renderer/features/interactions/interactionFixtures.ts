import type {
  ElicitationFormInteraction,
  ElicitationUrlInteraction,
  SamplingInteraction,
} from '../../../shared/domain/interactions';

/** The form server-everything's elicitation tool asks for: every field type the spec allows. */
export const everythingSchema: Record<string, unknown> = {
  type: 'object',
  properties: {
    name: { title: 'String', type: 'string', description: 'Your full, legal name' },
    check: { title: 'Boolean', type: 'boolean', description: 'Agree to the terms' },
    firstLine: { title: 'String with default', type: 'string', default: 'It was a dark night.' },
    email: { title: 'Email', type: 'string', format: 'email' },
    homepage: { type: 'string', format: 'uri', title: 'Homepage' },
    birthdate: { title: 'Birthdate', type: 'string', format: 'date' },
    integer: { title: 'Integer', type: 'integer', minimum: 1, maximum: 100, default: 42 },
    number: { title: 'Number', type: 'number', minimum: 0, maximum: 1000, default: 3.14 },
    untitledSingleSelectEnum: {
      type: 'string',
      title: 'Friend',
      enum: ['Monica', 'Rachel', 'Joey'],
      default: 'Monica',
    },
    untitledMultipleSelectEnum: {
      type: 'array',
      title: 'Instruments',
      minItems: 1,
      maxItems: 2,
      items: { type: 'string', enum: ['Guitar', 'Piano', 'Violin'] },
      default: ['Guitar'],
    },
    titledSingleSelectEnum: {
      type: 'string',
      title: 'Hero',
      oneOf: [
        { const: 'hero-1', title: 'Superman' },
        { const: 'hero-2', title: 'Green Lantern' },
      ],
      default: 'hero-1',
    },
    titledMultipleSelectEnum: {
      type: 'array',
      title: 'Fish',
      items: {
        anyOf: [
          { const: 'fish-1', title: 'Tuna' },
          { const: 'fish-2', title: 'Salmon' },
        ],
      },
      default: ['fish-1'],
    },
    legacyTitledEnum: {
      type: 'string',
      title: 'Pet',
      enum: ['pet-1', 'pet-2'],
      enumNames: ['Cats', 'Dogs'],
      default: 'pet-1',
    },
  },
  required: ['name'],
};

export function formInteraction(
  id: string,
  patch: Partial<ElicitationFormInteraction> = {},
): ElicitationFormInteraction {
  return {
    kind: 'elicitation-form',
    id,
    server: 'everything',
    createdAt: 1000,
    origin: {},
    message: 'Please provide inputs for the following fields:',
    requestedSchema: everythingSchema,
    ...patch,
  };
}

export function samplingInteraction(
  id: string,
  patch: Partial<SamplingInteraction> = {},
): SamplingInteraction {
  return {
    kind: 'sampling',
    id,
    server: 'everything',
    createdAt: 1000,
    origin: {},
    stage: 'review-request',
    request: {
      systemPrompt: 'You are a helpful test server.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Resource context: write a haiku' }] },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'tu1', name: 'lookup', input: { q: 'haiku' } },
            { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', toolUseId: 'tu1', content: [{ type: 'text', text: 'ok' }] },
            { type: 'text', text: 'Now the haiku.' },
          ],
        },
      ],
      maxTokens: 500,
      temperature: 0.7,
      stopSequences: ['END'],
      modelPreferences: {
        hints: [{ name: 'claude-3-haiku' }],
        costPriority: 0.2,
        intelligencePriority: 0.9,
      },
      tools: [
        {
          name: 'lookup',
          description: 'Looks things up',
          inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
        },
      ],
      toolChoice: { mode: 'auto' },
    },
    suggestedModel: 'claude-haiku-4-5',
    ...patch,
  };
}

export function urlInteraction(
  id: string,
  patch: Partial<ElicitationUrlInteraction> = {},
): ElicitationUrlInteraction {
  return {
    kind: 'elicitation-url',
    id,
    server: 'everything',
    createdAt: 1000,
    origin: {},
    message: 'Please sign in to continue.',
    url: 'https://auth.example.com/login?session=abc',
    host: 'auth.example.com',
    secure: true,
    stage: 'consent',
    retryToolCall: false,
    ...patch,
  };
}
