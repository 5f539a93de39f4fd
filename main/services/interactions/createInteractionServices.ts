import { join } from 'node:path';
import type { Logger } from '../../platform/Logger';
import type { ResolvedModel } from '../models/ModelRegistry';
import { generateSample } from './generateSample';
import type { HeadlessInteractionPolicy } from './HeadlessInteractionPolicy';
import { InteractionBroker } from './InteractionBroker';
import { InteractionPolicies } from './InteractionPolicies';
import { RootsService } from './RootsService';
import { RunningToolCalls } from './RunningToolCalls';

export interface InteractionServicesOptions {
  /** Where policies and roots are kept; headless runs keep them in memory. */
  dataDir: string;
  /** Unattended (CLI): a policy decides and nothing is persisted. */
  headless?: { policy: HeadlessInteractionPolicy; roots: readonly string[] };
  /** The client of a model ref (`provider/model`), as chat turns use it. */
  modelFor: (ref: string) => ResolvedModel;
  /** Every model ref the pickers offer, across providers. */
  models: () => Promise<string[]>;
  /** The default model ref. */
  defaultModel: () => string;
  open: (url: string) => Promise<boolean>;
  pickFolder?: () => Promise<string | null>;
  log: Logger;
}

export interface InteractionServices {
  broker: InteractionBroker;
  roots: RootsService;
  policies: InteractionPolicies;
  runningTools: RunningToolCalls;
}

/** The interaction broker with its policies, roots and running-call registry, loaded. */
export async function createInteractionServices(
  options: InteractionServicesOptions,
): Promise<InteractionServices> {
  const { headless, log } = options;
  const policies = new InteractionPolicies(
    headless ? undefined : join(options.dataDir, 'interaction-policies.json'),
    log,
  );
  const roots = new RootsService(
    headless
      ? { initial: headless.roots }
      : {
          file: join(options.dataDir, 'roots.json'),
          ...(options.pickFolder ? { pickFolder: options.pickFolder } : {}),
          log,
        },
  );
  await Promise.all([policies.load(), roots.load()]);
  const runningTools = new RunningToolCalls();
  const broker = new InteractionBroker({
    policies,
    roots: () => roots.toRootsResult(),
    generate: async (request, ref, maxTokens, signal) => {
      const { client, model } = options.modelFor(ref);
      return generateSample(client, request, model, maxTokens, signal);
    },
    models: options.models,
    defaultModel: options.defaultModel,
    open: options.open,
    originFor: (server) => runningTools.originFor(server),
    isRunning: (toolUseId) => runningTools.isRunning(toolUseId),
    ...(headless ? { headless: headless.policy } : {}),
    log,
  });
  // What a chat tool call raised must not outlive it (a stopped turn closes its forms).
  runningTools.onDidEnd((call) => broker.toolCallEnded(call));
  return { broker, roots, policies, runningTools };
}
