import { randomBytes } from 'node:crypto';
import { appOriginLabel } from './appOrigin';
import type { AppPermission } from '../../../shared/domain/apps';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';

/** The chat tool call an App belongs to. */
export interface FrameToolCall {
  conversationId: string;
  toolUseId: string;
}

/** One App frame a window shows: what main decided for it, keyed by an unguessable id. */
export interface AppFrameRecord {
  frameId: string;
  /**
   * Names the App in what it asks of the person (approvals, pages to open) and in the answers
   * that hold for it; not the frame's capability, which only windows get.
   */
  appId: string;
  /**
   * The host label of the App's origin (`<label>.localhost:<port>` in the web shell,
   * `switchboard-app://<label>` in Electron): one per server and UI resource (see
   * {@link appOriginLabel}), so no two Apps share an origin while showings of one App do (one
   * browser process for them all). Not a capability: the App sees it.
   */
  originLabel: string;
  server: string;
  resourceUri: string;
  /** The tool whose UI this is (absent for a preview of a resource no tool names). */
  toolName?: string;
  toolCall?: FrameToolCall;
  html: string;
  contentHash: string;
  /** The sandbox page's CSP header. */
  cspHeader: string;
  requested: AppPermission[];
  granted: AppPermission[];
  createdAt: number;
}

/** Frames kept at most; the oldest go first (a window that never closed its frames). */
const MAX_FRAMES = 500;

/**
 * Frames by id. The id is also the capability for the frame's sandbox page: 128 random bits,
 * handed only to windows over the contract, never to the App itself.
 */
export class AppFrames {
  private readonly frames = new Map<string, AppFrameRecord>();
  /** Drawn once per launch: App origin labels are derived from it. */
  private readonly originSecret = randomBytes(32);
  /** Every origin label a frame of this launch was on (one per App shown, so few). */
  private readonly issued = new Set<string>();

  add(record: Omit<AppFrameRecord, 'frameId' | 'appId' | 'originLabel'>): AppFrameRecord {
    const frame = {
      ...record,
      frameId: randomBytes(16).toString('hex'),
      appId: randomBytes(8).toString('hex'),
      originLabel: appOriginLabel(this.originSecret, record.server, record.resourceUri),
    };
    this.frames.set(frame.frameId, frame);
    this.issued.add(frame.originLabel);
    if (this.frames.size > MAX_FRAMES) {
      const oldest = this.frames.keys().next().value;
      if (oldest !== undefined) this.frames.delete(oldest);
    }
    return frame;
  }

  find(frameId: string): AppFrameRecord | undefined {
    return this.frames.get(frameId);
  }

  /** Whether an open frame is on the origin with this host label (its App is shown). */
  hasOrigin(label: string): boolean {
    for (const frame of this.frames.values()) if (frame.originLabel === label) return true;
    return false;
  }

  /** Whether a frame of this launch was ever on the origin with this host label. */
  knowsOrigin(label: string): boolean {
    return this.issued.has(label);
  }

  /** The frame, or NotFound: a frame closed (or never opened) can ask nothing. */
  get(frameId: string): AppFrameRecord {
    const frame = this.frames.get(frameId);
    if (!frame) {
      throw new AppError(AppErrorCode.NotFound, hostText('apps.frameClosed'));
    }
    return frame;
  }

  update(frameId: string, change: Partial<Pick<AppFrameRecord, 'granted' | 'cspHeader'>>): void {
    const frame = this.frames.get(frameId);
    if (frame) this.frames.set(frameId, { ...frame, ...change });
  }

  delete(frameId: string): void {
    this.frames.delete(frameId);
  }

  /** Frames of one server (closed when the server stops). */
  ofServer(server: string): AppFrameRecord[] {
    return [...this.frames.values()].filter((f) => f.server === server);
  }

  clear(): void {
    this.frames.clear();
  }
}
