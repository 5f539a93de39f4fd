import { z } from 'zod';
import { settingsPatchSchema, settingsSnapshotSchema } from '../domain/settings';
import type { EventName, RequestName } from './names';

/** A request: the input main parses, and the output it promises. */
export interface RequestDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  description: string;
}

/** An event pushed from main to every window. */
export interface EventDef<P extends z.ZodType = z.ZodType> {
  payload: P;
  description: string;
}

const empty = z.object({}).strict();

export const shellKindSchema = z.enum(['electron', 'web']);

export const bootstrapSchema = z.object({
  version: z.string(),
  platform: z.string(),
  shell: shellKindSchema,
  settings: settingsSnapshotSchema,
});
export type Bootstrap = z.infer<typeof bootstrapSchema>;

/** Every request main answers. Names are `domain.verb`. */
export const requests = {
  'app.bootstrap': {
    input: empty,
    output: bootstrapSchema,
    description: 'Full snapshot for a freshly loaded window: version, platform, shell, settings.',
  },
  'settings.get': {
    input: empty,
    output: settingsSnapshotSchema,
    description: 'Current settings; says whether an API key is set, never the key.',
  },
  'settings.update': {
    input: settingsPatchSchema,
    output: settingsSnapshotSchema,
    description: 'Changes some settings; emits settings.changed.',
  },
  'settings.setApiKey': {
    input: z.object({ apiKey: z.string().trim().min(1).max(512) }).strict(),
    output: settingsSnapshotSchema,
    description: 'Stores the API key in the secret store. The key is never sent back.',
  },
  'settings.clearApiKey': {
    input: empty,
    output: settingsSnapshotSchema,
    description: 'Forgets the stored API key.',
  },
} as const satisfies Record<RequestName, RequestDef>;

/** Every event main emits. Names are `domain.pastTense`. */
export const events = {
  'settings.changed': {
    payload: settingsSnapshotSchema,
    description: 'Settings changed (from any window or shell).',
  },
} as const satisfies Record<EventName, EventDef>;

// Compile-time proof that names.ts lists exactly the contract's keys.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const namesMatchContract: [
  Exact<keyof typeof requests, RequestName>,
  Exact<keyof typeof events, EventName>,
] = [true, true];

export type Requests = typeof requests;
export type Events = typeof events;
export type RequestInput<N extends RequestName> = z.input<Requests[N]['input']>;
export type ParsedInput<N extends RequestName> = z.output<Requests[N]['input']>;
export type RequestOutput<N extends RequestName> = z.output<Requests[N]['output']>;
export type EventPayload<N extends EventName> = z.output<Events[N]['payload']>;

/** The handler map main must provide: a missing handler does not compile. */
export type RequestHandlers = {
  [N in RequestName]: (input: ParsedInput<N>) => Promise<RequestOutput<N>> | RequestOutput<N>;
};
