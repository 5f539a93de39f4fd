import { fittedToolName } from '../base/modelToolName';

/**
 * Tool names on the wire and back. Catalogue names already fit every provider's rule
 * (`^[a-zA-Z0-9_-]{1,64}$`); a server's sampling tools and names in an old history may not, so
 * each adapter sends `wire(name)` and reads the model's calls back through `original(wire)`.
 * Deterministic: the same name maps the same way in every request.
 */
export class ToolNameMap {
  private readonly back = new Map<string, string>();

  /** Learns `names` up front so calls to them map back even before `wire` was asked. */
  constructor(names: Iterable<string> = []) {
    for (const name of names) this.wire(name);
  }

  /** The name to send for `name`. */
  wire(name: string): string {
    const wire = fittedToolName(name);
    this.back.set(wire, name);
    return wire;
  }

  /** The name the model meant by `wire` (a name never sent comes back as it is). */
  original(wire: string): string {
    return this.back.get(wire) ?? wire;
  }
}
