import type { ProcessJanitor } from '../../main/services/mcp/launch/testing/ProcessJanitor';

/** What every benchmark gets from the runner. */
export interface BenchContext {
  /** The run's temp dir; each host makes its own data dir inside it. */
  root: string;
  /** Ends whatever server process is left when the run ends, crashed or not. */
  janitor: ProcessJanitor;
  /** `os.availableParallelism()`. */
  cores: number;
}
