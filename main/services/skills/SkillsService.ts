import type { ServerSkillsView, SkillRefusalView, SkillView } from '../../../shared/domain/skills';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import type { Logger } from '../../platform/Logger';
import type { HostTool } from '../catalog/HostTool';
import type { HostEvents } from '../base/HostEvents';
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
import { SkillApprovals } from './SkillApprovals';
import {
  approvalOf,
  approves,
  changeSince,
  describeChange,
  listingDigest,
  reapprovalOf,
} from './skillApproval';

export interface SkillsServiceOptions {
  mcp: McpService;
  events: HostEvents;
  log: Logger;
  /** Where approvals are kept (`skills.json`); memory only without it. */
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
 * (`skills/list` only: no file is fetched to list), again when it announces a resource change,
 * reconnects, or a file fails verification. The person approves skills per server; an approval
 * binds to the listing it was given on (frontmatter, files, digests), and a listing that differs
 * revokes it: the skill is off and asks again, with what changed. Approved skills of ready
 * servers, listed as approved, are offered to the model by name and description through one
 * host tool, which loads a skill's `SKILL.md` and then its files on demand, verified
 * ({@link SkillLoader}). A refusal is said in the conversation (the tool's error), in the
 * server's log, and on the skill's view.
 */
export class SkillsService {
  readonly loader: SkillLoader;
  private readonly approvals: SkillApprovals;
  private readonly listings = new Map<string, Listing>();
  /** Listings in progress, per server. */
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly unsubscribers: (() => void)[] = [];
  private started: Promise<void> | undefined;
  /** Servers started for their skills (once: a stop the person asks for is then respected). */
  private readonly woken = new Set<string>();

  constructor(private readonly options: SkillsServiceOptions) {
    this.approvals = new SkillApprovals(options.file, options.log);
    this.loader = new SkillLoader(
      (source, message, refusal) => this.refused(source, message, refusal),
      (source) => this.isApproved(source.server, source.entry),
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
    await this.approvals.load();
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

  /**
   * Whether the person turned on a skill of this server: it starts when it waits to be needed
   * and is never stopped as idle, or the model would lose the skill.
   */
  holdsSkills(server: string): boolean {
    return this.approvals.hasApproved(server);
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

  /**
   * Approves one skill of a server as listed now, or turns it off (forgetting the approval). With
   * `digest` (the view's), the approval is refused if the listing changed since that view: the
   * person approves what they saw. A skill without a file list cannot be approved.
   */
  async setEnabled(
    server: string,
    uri: string,
    enabled: boolean,
    digest?: string,
  ): Promise<ServerSkillsView> {
    const skill = this.listings.get(server)?.skills.find((s) => s.uri === uri);
    if (!skill) {
      throw new AppError(AppErrorCode.NotFound, hostText('skills.notListed', { server, uri }));
    }
    if (!enabled) {
      await this.approvals.remove(server, uri);
      return this.changed(server);
    }
    const approval = approvalOf(skill);
    if (!approval) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('skills.unverifiable', { name: skill.frontmatter.name }),
      );
    }
    if (digest !== undefined && digest !== listingDigest(skill)) {
      this.changed(server);
      throw new AppError(
        AppErrorCode.Validation,
        hostText('skills.changedWhileShown', { name: skill.frontmatter.name }),
      );
    }
    await this.approvals.approve(server, uri, approval);
    return this.changed(server);
  }

  /** Enabled, verifiable skills of ready servers: what the model may load. */
  offered(): SkillSource[] {
    const sources: SkillSource[] = [];
    for (const [server, listing] of this.listings) {
      if (listing.state !== 'ready' || !this.isCurrent(server, listing)) continue;
      for (const entry of listing.skills) {
        if (!this.isApproved(server, entry)) continue;
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
    const reapproval = reapprovalOf(this.approvals.get(server, skill.uri), skill);
    return {
      uri: skill.uri,
      name: skill.frontmatter.name,
      description: skill.frontmatter.description,
      qualifiedName: qualifiedSkillName(server, skill.uri),
      enabled: this.isApproved(server, skill),
      digest: listingDigest(skill),
      ...(reapproval ? { reapproval } : {}),
      ...(files ? { files, totalBytes: files.reduce((sum, file) => sum + file.size, 0) } : {}),
      ...(refusal ? { refusal } : {}),
    };
  }

  /**
   * Whether `entry` may reach the model: the person approved this skill, and `entry` is exactly
   * what they approved. Checked live, so a changed listing counts as unapproved at once.
   */
  private isApproved(server: string, entry: Skill): boolean {
    return approves(this.approvals.get(server, entry.uri), entry);
  }

  /**
   * A new listing revokes every approval it does not match (SEP-2640: any change revokes it),
   * for good: the skill stays off, and asks, until the person approves it again.
   */
  private review(server: string, skills: readonly Skill[]): void {
    for (const skill of skills) {
      const record = this.approvals.get(server, skill.uri);
      if (record?.state !== 'approved') continue;
      const change = changeSince(record.approved, skill);
      if (!change) continue;
      this.approvals.revoke(server, skill.uri).catch((error: unknown) => {
        this.options.log.warn('could not write the skills file', { error });
      });
      this.report(
        server,
        'warning',
        `The skill “${qualifiedSkillName(server, skill.uri)}” changed since it was approved (${describeChange(change)}); it is not offered to the model until it is approved again.`,
      );
    }
  }

  /** Lists every ready server whose session is new; forgets servers that went away. */
  private sync(): void {
    const { mcp } = this.options;
    const { registry } = mcp;
    for (const server of [...this.listings.keys()]) {
      if (!registry.get(server)) this.listings.delete(server);
    }
    for (const supervisor of registry.list()) {
      const server = supervisor.config.name;
      const listing = this.listings.get(server);
      if (
        supervisor.status.kind === 'remembered' &&
        !this.woken.has(server) &&
        this.approvals.hasApproved(server)
      ) {
        this.woken.add(server);
        mcp.wake(server);
      }
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
        this.review(server, skills);
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
      // A listing that ends after its server went away (shutdown, removal) tells no one.
      if (this.listings.get(server) === listing && this.options.mcp.registry.get(server)) {
        this.changed(server);
      }
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
    // A file that no longer matches the listing: the server may have changed the skill without
    // saying so. List again, so that a changed listing revokes the approval and asks.
    if (refusal.reason !== 'unlisted') this.relist(source.server);
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
