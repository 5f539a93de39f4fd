import { PACKAGE_RUNNERS } from './runnerRules';
import type {
  RegistryInstallRequest,
  RegistryPage,
  RegistryServer,
} from '../../../shared/domain/registryViews';
import {
  MAX_REVIEW_DOCUMENT_CHARS,
  type FieldChange,
  type RegistryReview,
} from '../../../shared/domain/registryReview';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { ServersFileService } from '../config/ServersFileService';
import type { ServersFileState } from '../config/ServersFileState';
import type { ServerSecrets } from '../secrets/ServerSecrets';
import {
  answersFrom,
  buildRegistryEntry,
  buildRun,
  previewAnswers,
  type BuiltRun,
} from './buildRegistryEntry';
import { documentChanges, formatChanges, runChanges } from './documentChanges';
import { pinDocument } from './pinDocument';
import { RegistryClient } from './RegistryClient';
import { registryOrigin } from './registryOrigin';
import { registrySandbox } from './registrySandbox';
import { installSandbox, offeredSandboxForm } from '../sandbox/installSandbox';
import { runOptions } from './registryOptions';
import type { RegistryEntry, ServerJson } from './serverJson';
import { toRegistryServer } from './toRegistryServer';
import { validateServerJson } from './validateServerJson';
import { hostText } from '../../../shared/text/hostText';

export interface RegistryServiceOptions {
  /** The registry's base URL now (settings, overridden by SWITCHBOARD_REGISTRY_URL). */
  baseUrl: () => string;
  files: ServersFileService;
  secrets: ServerSecrets;
  fetch?: typeof fetch;
  /**
   * Finds a program on the servers' PATH without running it (rejects when there is none):
   * options whose runner is missing are marked before anyone installs them.
   */
  findCommand?: (command: string) => Promise<string>;
}

export interface RegistryInstallResult {
  serverName: string;
  state: ServersFileState;
  /** Names of the secrets stored for it (never their values). */
  secrets: string[];
}

/** A version document as reviewed, kept in main by its digest until installed from. */
interface KeptReview {
  name: string;
  version: string;
  digest: string;
  server: ServerJson;
  /** What would run differently than in the listing the person saw (install refused). */
  listingChanges: FieldChange[];
}

/** How many reviews, and listed documents, main keeps (oldest forgotten first). */
const MAX_KEPT_REVIEWS = 100;
const MAX_KEPT_LISTINGS = 5000;

/**
 * Searches the MCP Registry and installs a server from it. An install is of one reviewed
 * document: `review` fetches the version document, pins it by digest and keeps it; `install`
 * names that digest, asks the registry again, and stops (showing the difference) unless the
 * registry still serves the same document, and the listing the person saw ran the same.
 */
export class RegistryService {
  private readonly reviews = new Map<string, KeptReview>();
  /** Listed documents by `name@version`, to compare a review with what the list showed. */
  private readonly listings = new Map<string, ServerJson>();

  constructor(private readonly options: RegistryServiceOptions) {}

  private client(): RegistryClient {
    return new RegistryClient({
      baseUrl: this.options.baseUrl(),
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
  }

  /** One page of the latest versions whose names contain `query`. */
  async search(query: string, cursor?: string): Promise<RegistryPage> {
    const client = this.client();
    const page = await client.search(query, cursor);
    return {
      servers: await this.markRunners(page.entries.map((element) => this.listed(element))),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      registryUrl: client.baseUrl,
    };
  }

  /** Every page (the CLI's `search`). */
  async searchAll(query: string): Promise<RegistryServer[]> {
    return this.markRunners(
      (await this.client().searchAll(query)).map((element) => this.listed(element)),
    );
  }

  /**
   * The review of one version (`latest` allowed): the version document, its digest, and what
   * each option would run. Kept by digest for `install`.
   */
  async review(name: string, version: string): Promise<RegistryReview> {
    const entry = await this.client().version(name, version);
    const server = checked(entry, name, version);
    const pinned = pinDocument(entry.server, `${name} ${server.version}`);
    const listing = this.listings.get(`${name}@${server.version}`);
    const kept: KeptReview = {
      name,
      version: server.version,
      digest: pinned.digest,
      server,
      listingChanges: listing ? runChanges(listing, server) : [],
    };
    remember(this.reviews, pinned.digest, kept, MAX_KEPT_REVIEWS);
    const document = JSON.stringify(entry.server, null, 2);
    const [shown] = await this.markRunners([toRegistryServer(entry)]);
    return {
      server: shown ?? toRegistryServer(entry),
      digest: pinned.digest,
      document: document.slice(0, MAX_REVIEW_DOCUMENT_CHARS),
      ...(document.length > MAX_REVIEW_DOCUMENT_CHARS ? { documentTruncated: true } : {}),
      plans: runOptions(server).map((option) => {
        const { plan } = buildRun(option, {
          serverName: 'review',
          answers: previewAnswers,
          secrets: 'as-is',
        });
        const sandbox = offeredSandboxForm(registrySandbox(server, option.index));
        return sandbox ? { ...plan, sandbox } : plan;
      }),
      ...(kept.listingChanges.length > 0 ? { listingChanges: kept.listingChanges } : {}),
    };
  }

  /**
   * What an install would run with these answers, from the reviewed document, without
   * writing or storing anything (the CLI prints it first, and it is all `--dry-run` does).
   * Secrets show as the `${secret:NAME}` the file would hold; values not given as `<LABEL>`.
   */
  preview(request: RegistryInstallRequest): BuiltRun {
    const kept = this.kept(request);
    const option = runOptions(kept.server).find((o) => o.index === request.option);
    if (!option) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('registry.noOption', { name: request.name, index: request.option }),
      );
    }
    const given = answersFrom(request.values);
    const context = {
      serverName: request.serverName,
      secrets: 'reference' as const,
      ...(request.extraArguments ? { extraArguments: request.extraArguments } : {}),
    };
    // What is missing, from the answers as given; the plan shown with `<LABEL>` in its place.
    const strict = buildRun(option, { ...context, answers: given });
    const shown = buildRun(option, {
      ...context,
      answers: (q) =>
        given(q) ?? (q.required && q.default === undefined ? `<${q.label}>` : undefined),
    });
    const offered = registrySandbox(kept.server, option.index);
    const sandbox = offered && offeredSandboxForm(installSandbox(offered, request.sandbox));
    return {
      ...shown,
      plan: sandbox ? { ...shown.plan, sandbox } : shown.plan,
      missing: strict.missing,
      invalid: strict.invalid,
    };
  }

  /**
   * Installs one option of a reviewed document with the person's answers. The registry is
   * asked again: a document that differs from the reviewed one stops the install and names
   * every field that changed. The entry is built from the reviewed document and records where
   * it came from (`origin`); secret values go to the secret store first, and a failed write
   * takes them back out.
   */
  async install(request: RegistryInstallRequest): Promise<RegistryInstallResult> {
    const kept = this.kept(request);
    if (kept.listingChanges.length > 0) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('registry.differsFromListing', {
          name: kept.name,
          version: kept.version,
          changes: formatChanges(kept.listingChanges),
        }),
        { changes: kept.listingChanges },
      );
    }
    const current = await this.client().version(kept.name, kept.version);
    const now = pinDocument(current.server, `${kept.name} ${kept.version}`);
    if (now.digest !== kept.digest) {
      const changes = documentChanges(kept.server, current.server);
      throw new AppError(
        AppErrorCode.Validation,
        hostText('registry.changedSinceReview', {
          name: kept.name,
          version: kept.version,
          changes: formatChanges(changes),
        }),
        { changes },
      );
    }
    const built = buildRegistryEntry(
      kept.server,
      request.option,
      request.values,
      request.serverName,
      request.extraArguments,
    );
    if (this.options.files.state.servers.some((s) => s.name === request.serverName)) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('config.nameTaken', { name: request.serverName }),
      );
    }
    const origin = registryOrigin({
      name: kept.name,
      version: kept.version,
      digest: kept.digest,
      secrets: built.secrets.keys(),
      env: built.personEnv,
    });
    const stored: string[] = [];
    try {
      for (const [name, value] of built.secrets) {
        await this.options.secrets.set(name, value, { owner: request.serverName });
        stored.push(name);
      }
      const state = await this.options.files.addServers({
        [request.serverName]: {
          ...built.entry,
          ...installSandbox(registrySandbox(kept.server, request.option), request.sandbox),
          origin,
        },
      });
      return { serverName: request.serverName, state, secrets: stored };
    } catch (error) {
      for (const name of stored) await this.options.secrets.delete(name).catch(() => undefined);
      throw error;
    }
  }

  /** Marks the package options whose runner is not on this computer (each looked up once). */
  private async markRunners(servers: RegistryServer[]): Promise<RegistryServer[]> {
    const find = this.options.findCommand;
    if (!find) return servers;
    const runners = new Set(
      servers.flatMap((s) => s.options.flatMap((o) => PACKAGE_RUNNERS[o.type] ?? [])),
    );
    const missing = new Set<string>();
    await Promise.all(
      [...runners].map((runner) =>
        Promise.resolve()
          .then(() => find(runner))
          .catch(() => {
            missing.add(runner);
          }),
      ),
    );
    if (missing.size === 0) return servers;
    return servers.map((server) => ({
      ...server,
      options: server.options.map((option) => {
        const runner = option.kind === 'package' ? PACKAGE_RUNNERS[option.type] : undefined;
        return runner && missing.has(runner) ? { ...option, runnerMissing: runner } : option;
      }),
    }));
  }

  /** The browser's view of a list element; a valid one is kept to compare reviews with. */
  private listed(element: unknown): RegistryServer {
    const check = validateServerJson((element as { server?: unknown } | null)?.server);
    if (check.valid) {
      const { name, version } = check.server;
      remember(this.listings, `${name}@${version}`, check.server, MAX_KEPT_LISTINGS);
    }
    return toRegistryServer(element);
  }

  private kept(request: Pick<RegistryInstallRequest, 'name' | 'version' | 'digest'>): KeptReview {
    const kept = this.reviews.get(request.digest);
    if (!kept || kept.name !== request.name || kept.version !== request.version) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('registry.reviewGone', { name: request.name, version: request.version }),
      );
    }
    return kept;
  }
}

/**
 * The document of a version answer, checked against the published schema and against what
 * was asked for (a registry answering with another server's document is refused).
 */
function checked(entry: RegistryEntry, name: string, version: string): ServerJson {
  const check = validateServerJson(entry.server);
  if (!check.valid) {
    throw new AppError(
      AppErrorCode.Validation,
      // The schema checker's own words.
      hostText('registry.schemaMismatch', { name, version, problems: check.problems }),
      { problems: check.problems },
    );
  }
  const server = check.server;
  if (server.name !== name || (version !== 'latest' && server.version !== version)) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText('registry.wrongDocument', {
        name,
        version,
        got: `${server.name} ${server.version}`,
      }),
    );
  }
  return server;
}

/** Sets `key` in a map kept to `max` entries, forgetting the oldest. */
function remember<T>(map: Map<string, T>, key: string, value: T, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) {
    const oldest = map.keys().next().value;
    if (oldest === undefined) break;
    map.delete(oldest);
  }
}
