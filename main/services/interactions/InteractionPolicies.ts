import { z } from 'zod';
import {
  DEFAULT_INTERACTION_POLICY,
  interactionPoliciesSchema,
  type InteractionPolicies as PolicyMap,
  type ServerInteractionPolicy,
} from '../../../shared/domain/interactions';
import type { Logger } from '../../platform/Logger';
import { Emitter } from '../base/Emitter';
import { JsonDocumentFile } from '../base/JsonDocumentFile';

const fileSchema = z.object({ version: z.literal(1), policies: interactionPoliciesSchema });

/** Per-server interaction settings (sampling ask/deny, max tokens), persisted in the data dir. */
export class InteractionPolicies {
  private policies: PolicyMap = {};
  private readonly changed: Emitter<PolicyMap>;
  private readonly file: JsonDocumentFile<z.infer<typeof fileSchema>> | undefined;
  readonly onDidChange: Emitter<PolicyMap>['event'];

  /** Without a file the policies live in memory only (headless runs). */
  constructor(file: string | undefined, log?: Logger) {
    this.changed = new Emitter((error) => log?.error('policies listener failed', { error }));
    this.onDidChange = this.changed.event;
    this.file = file
      ? new JsonDocumentFile(file, fileSchema, () => ({ version: 1, policies: {} }), log)
      : undefined;
  }

  async load(): Promise<void> {
    if (this.file) this.policies = (await this.file.read()).policies;
  }

  all(): PolicyMap {
    return structuredClone(this.policies);
  }

  /** The server's policy; `ask` with no cap when none was set. */
  get(server: string): ServerInteractionPolicy {
    return { ...(this.policies[server] ?? DEFAULT_INTERACTION_POLICY) };
  }

  async set(server: string, policy: ServerInteractionPolicy): Promise<PolicyMap> {
    const next = { ...this.policies, [server]: { ...policy } };
    await this.file?.write({ version: 1, policies: next });
    this.policies = next;
    this.changed.fire(this.all());
    return this.all();
  }
}
