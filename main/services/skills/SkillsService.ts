import type { ServerSkillsView, SkillRefusalView, SkillView } from '../../../shared/domain/skills';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import type { Logger } from '../../platform/Logger';
import type { HostTool } from '../conversation/HostTool';
import type { HostEvents } from '../HostEvents';
import type { McpService } from '../mcp/McpService';
import type { McpSession } from '../mcp/session/McpSession';
import {
  offersSkills,
  type InvalidSkillEntry,
  type Skill,
  type SkillRefusal,
} from '../mcp/session/SessionSkills';
import { createSkillTool } from './createSkillTool';
import { SkillLoader, type SkillSource } from './SkillLoader';
import { pathInSkill, qualifiedSkillName } from './skillPaths';
import { SkillPreferences } from './SkillPreferences';

export interface SkillsServiceOptions {
  mcp: McpService;
  events: HostEvents;
  log: Logger;
  /** Where enabled skills are kept (`skills.json`); memory only without it. */
  file?: string;
}

/** One server's listing, made on one session. */
interface Listing {
  session: McpSession;
  state: 'loading' | 'ready' | 'error';
  skills: Skill[];
  invalid: InvalidSkillEntry[];
  error?: string;
  /** Why a skill (by URI) was last refused. */
  refusals: Map<string, SkillRefusalView>;
}

/**
 * The skills servers offer (SEP-2640): each ready server that declares the extension is listed
 * (`skills/list` only: no file is fetched to list), again when it announces a resource change
 * or reconnects. The person enables skills per server; enabled skills of ready servers are
 * offered to the model by name and description through one host tool, which loads a skill's
 * `SKILL.md` and then its files on demand, verified ({@link SkillLoader}). A refusal is said in
 * the conversation (the tool's error), in the server's log, and on the skill's view.
 */
export class SkillsService {
  readonly loader: SkillLoader;
  private readonly preferences: SkillPreferences;
  private readonly listings = new Map<string, Listing>();
  /** Listings in progress, per server. */
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly unsubscribers: (() => void)[] = [];
  private started: Promise<void> | undefined;

  constructor(private readonly options: SkillsServiceOptions) {
    this.preferences = new SkillPreferences(options.file, options.log);
    this.loader = new SkillLoader((source, message, refusal) =>
      this.refused(source, message, refusal),
    );
  }

  /** Loads the choices and follows servers as they come and go. */
  start(): Promise<void> {
    this.started ??= this.begin();
    return this.started;
  }

  /** Resolves once the choices are loaded and no listing is in progress. */
  async idle(): Promise<void> {
    await this.started;
    while (this.inFlight.size > 0) await Promise.all(this.inFlight.values());
  }

  private async begin(): Promise<void> {
    await this.preferences.load();
    const { mcp, events } = this.options;
    this.unsubscribers.push(
      mcp.registry.onDidChange(() => this.sync()),
      events.subscribe((name, payload) => {
        if (name !== 'mcp.listChanged') return;
        const change = payload as { server: string; list: string };
        if (change.list === 'resources') this.relist(change.server);
      }),
    );
    this.sync();
  }

  dispose(): void {
    for (const off of this.unsubscribers.splice(0)) off();
  }

  /** The server's skills as the person sees them. */
  view(server: string): ServerSkillsView {
    const supervisor = this.options.mcp.supervisor(server);
    const listing = this.listings.get(server);
    if (!listing) {
      const ready = supervisor.status.kind === 'ready';
      return { server, state: ready ? 'unsupported' : 'offline', skills: [], invalid: [] };
    }
    return {
      server,
      state: listing.state,
      ...(listing.error ? { error: listing.error } : {}),
      skills: listing.skills.map((skill) => this.skillView(server, skill, listing)),
      invalid: listing.invalid.map((entry) => ({
        ...(entry.uri !== undefined ? { uri: entry.uri } : {}),
        reason: entry.reason,
      })),
    };
  }

  /** Waits for a listing in progress (the CLI reads the view once it is there). */
  async settled(server: string): Promise<ServerSkillsView> {
    const listing = this.listings.get(server);
    if (listing?.state === 'loading') await this.listingOf(server);
    return this.view(server);
  }

  /** Enables or disables one skill of a server; a skill without a file list cannot be enabled. */
  async setEnabled(server: string, uri: string, enabled: boolean): Promise<ServerSkillsView> {
    const skill = this.listings.get(server)?.skills.find((s) => s.uri === uri);
    if (!skill) {
      throw new AppError(AppErrorCode.NotFound, hostText('skills.notListed', { server, uri }));
    }
    if (enabled && skill.resources === 'dynamic') {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('skills.unverifiable', { name: skill.frontmatter.name }),
      );
    }
    await this.preferences.set(server, uri, enabled);
    return this.changed(server);
  }

  /** Enabled, verifiable skills of ready servers: what the model may load. */
  offered(): SkillSource[] {
    const sources: SkillSource[] = [];
    for (const [server, listing] of this.listings) {
      if (listing.state !== 'ready' || !this.isCurrent(server, listing)) continue;
      for (const entry of listing.skills) {
        if (entry.resources === 'dynamic' || !this.preferences.isEnabled(server, entry.uri)) {
          continue;
        }
        sources.push({
          server,
          qualifiedName: qualifiedSkillName(server, entry.uri),
          entry,
          skills: listing.session.skills,
        });
      }
    }
    return sources;
  }

  /** The host tools of a turn: the skill loader, when there is a skill to load. */
  hostTools(): HostTool[] {
    const offered = this.offered();
    return offered.length > 0 ? [createSkillTool(offered, this.loader)] : [];
  }

  private skillView(server: string, skill: Skill, listing: Listing): SkillView {
    const files =
      skill.resources === 'dynamic'
        ? undefined
        : skill.resources.map((file) => ({
            uri: file.uri,
            path: pathInSkill(skill.uri, file.uri),
            size: file.size,
          }));
    const refusal = listing.refusals.get(skill.uri);
    return {
      uri: skill.uri,
      name: skill.frontmatter.name,
      description: skill.frontmatter.description,
      qualifiedName: qualifiedSkillName(server, skill.uri),
      enabled: this.preferences.isEnabled(server, skill.uri),
      ...(files ? { files, totalBytes: files.reduce((sum, file) => sum + file.size, 0) } : {}),
      ...(refusal ? { refusal } : {}),
    };
  }

  /** Lists every ready server whose session is new; forgets servers that went away. */
  private sync(): void {
    const { registry } = this.options.mcp;
    for (const server of [...this.listings.keys()]) {
      if (!registry.get(server)) this.listings.delete(server);
    }
    for (const supervisor of registry.list()) {
      const server = supervisor.config.name;
      const listing = this.listings.get(server);
      if (supervisor.status.kind !== 'ready') {
        if (listing) {
          this.listings.delete(server);
          this.changed(server);
        }
        continue;
      }
      const session = supervisor.ready();
      if (listing?.session === session) continue;
      if (!offersSkills(session.info?.capabilities)) {
        if (listing) {
          // Restarted as a version without skills: nothing of the old listing is offered.
          this.listings.delete(server);
          this.changed(server);
        }
        continue;
      }
      void this.list(server, session);
    }
  }

  private relist(server: string): void {
    const listing = this.listings.get(server);
    if (listing) void this.list(server, listing.session);
  }

  private listingOf(server: string): Promise<void> {
    return this.inFlight.get(server) ?? Promise.resolve();
  }

  private list(server: string, session: McpSession): Promise<void> {
    const previous = this.listings.get(server);
    const listing: Listing = {
      session,
      state: 'loading',
      skills: previous?.session === session ? previous.skills : [],
      invalid: [],
      refusals:
        previous?.session === session ? previous.refusals : new Map<string, SkillRefusalView>(),
    };
    this.listings.set(server, listing);
    this.changed(server);
    const done = session.skills.list().then(
      ({ skills, invalid }) => {
        listing.state = 'ready';
        listing.skills = skills;
        listing.invalid = invalid;
        for (const entry of invalid) {
          this.report(
            server,
            'warning',
            `Skipped an invalid skill entry ${entry.uri ?? ''}: ${entry.reason}`,
          );
        }
      },
      (error: unknown) => {
        listing.state = 'error';
        listing.error = AppError.from(error).message;
        this.report(server, 'warning', `Listing skills failed: ${listing.error}`);
      },
    );
    const tracked = done.finally(() => {
      if (this.inFlight.get(server) === tracked) this.inFlight.delete(server);
      if (this.listings.get(server) === listing) this.changed(server);
    });
    this.inFlight.set(server, tracked);
    return tracked;
  }

  private isCurrent(server: string, listing: Listing): boolean {
    const supervisor = this.options.mcp.registry.get(server);
    return supervisor?.status.kind === 'ready' && supervisor.ready() === listing.session;
  }

  private refused(source: SkillSource, message: string, refusal: SkillRefusal): void {
    const listing = this.listings.get(source.server);
    const fields = refusal.differences.map((line) => line.split(':')[0] ?? line);
    listing?.refusals.set(source.entry.uri, {
      reason: refusal.reason,
      file: pathInSkill(source.entry.uri, refusal.uri),
      ...(refusal.reason === 'frontmatter' ? { fields } : {}),
      detail: message,
    });
    this.report(
      source.server,
      'warning',
      `Refused the skill “${source.qualifiedName}”: ${message}. Nothing of it was used.`,
    );
    if (listing) this.changed(source.server);
  }

  private report(server: string, level: 'info' | 'warning', text: string): void {
    const supervisor = this.options.mcp.registry.get(server);
    if (supervisor) supervisor.report(level, text);
    else this.options.log.warn(text, { server });
  }

  private changed(server: string): ServerSkillsView {
    const view = this.view(server);
    this.options.events.emit('skills.changed', view);
    return view;
  }
}
