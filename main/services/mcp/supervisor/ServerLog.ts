import type { LogEntry, TrafficEntry } from '../../../../shared/domain/mcpViews';
import type { Logger } from '../../../platform/Logger';
import type { RotatingLogFile } from '../../../platform/RotatingLogFile';
import type { Redactor } from '../../secrets/Redactor';
import { Emitter } from '../../base/Emitter';
import type { LineSink } from '../session/StdioProcessTransport';
import { SeqRing } from './SeqRing';
import { TrafficRecorder } from './TrafficRecorder';

/** What one server's log is written with. */
export interface ServerLogDeps {
  serverName: string;
  /** Values the server's references brought in, replaced wherever a line is shown or written. */
  redactor: Redactor;
  /** The host's own log (already redacting); notes go there too. */
  log: Logger;
  now: () => number;
  /** Told when a listener throws: the others still run. */
  reportListener: (error: unknown) => void;
}

/** Raw JSON-RPC traffic as a session reports it. */
interface RawTraffic {
  direction: 'in' | 'out';
  message: unknown;
  at: number;
}

/**
 * One server's log and traffic as the Logs and Traffic tabs read them: bounded rings with
 * sequence numbers, redacted before they are kept, with an event for each new row.
 */
export class ServerLog {
  private readonly logs = new SeqRing<LogEntry>(5000);
  private readonly traffic: TrafficRecorder;
  private readonly logAdded: Emitter<LogEntry>;
  private readonly trafficAdded: Emitter<TrafficEntry>;
  /** A row was added to the log. */
  readonly onLog: Emitter<LogEntry>['event'];
  /** A JSON-RPC message was recorded. */
  readonly onTraffic: Emitter<TrafficEntry>['event'];

  constructor(private readonly deps: ServerLogDeps) {
    this.traffic = new TrafficRecorder(5000, (text) => deps.redactor.text(text));
    this.logAdded = new Emitter<LogEntry>(deps.reportListener);
    this.trafficAdded = new Emitter<TrafficEntry>(deps.reportListener);
    this.onLog = this.logAdded.event;
    this.onTraffic = this.trafficAdded.event;
  }

  /** Adds a row from `source`, redacted. */
  add(source: LogEntry['source'], level: string, text: string): void {
    const shown = this.deps.redactor.text(text);
    const entry = this.logs.push((seq) => ({
      seq,
      at: this.deps.now(),
      source,
      level,
      text: shown,
    }));
    this.logAdded.fire(entry);
  }

  /** A note of the host's about the server: in its log and in the host's. */
  note(level: string, text: string): void {
    this.add('host', level, text);
    this.deps.log.info(text, { server: this.deps.serverName });
  }

  /** Keeps one JSON-RPC message as a Traffic row. */
  recordTraffic(event: RawTraffic): void {
    this.trafficAdded.fire(this.traffic.record(event));
  }

  logsSince(seq?: number): LogEntry[] {
    return this.logs.since(seq);
  }

  trafficSince(seq?: number): TrafficEntry[] {
    return this.traffic.since(seq);
  }

  /** The server's own log file, written through the redactor. */
  redactedFile(file: RotatingLogFile): LineSink {
    return { appendLine: (line) => file.appendLine(this.deps.redactor.text(line)) };
  }

  /** Drops every listener (the server was disposed). */
  clear(): void {
    this.logAdded.clear();
    this.trafficAdded.clear();
  }
}
