import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, sep } from 'node:path';
import type {
  BundleInstallRequest,
  BundleView,
  InstalledBundle,
} from '../../../shared/domain/bundleViews';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { ServersFileService } from '../config/ServersFileService';
import type { ServersFileState } from '../config/ServersFileState';
import { suggestUniqueName } from '../config/import/planImport';
import type { ServerSecrets } from '../secrets/ServerSecrets';
import type { ServerFormService } from '../serverForm/ServerFormService';
import { serverLaunch, toBundleView, userConfigFields } from './bundleView';
import { BundleStaging, checkBundleSize } from './BundleStaging';
import { BundleUploads } from './BundleUploads';
import { refuseForeignVariables, safeDefaults, withDefaults } from './bundleVariables';
import { checkRuntimeVersion, findRuntime, type RuntimeDeps } from './findRuntime';
import { InstalledBundles } from './InstalledBundles';
import { mcpConfigFor, readManifest, signatureState } from './mcpbLibrary';
import { readBundleFile, type BundleFileRead } from './readBundleFile';
import { UNPACK_LIMITS } from './unpackLimits';
import { checkUserConfig } from './userConfigValues';
import { hostText } from '../../../shared/text/hostText';
import { defaultSandboxFor, PACKAGE_HOSTS } from '../sandbox/defaultSandboxFor';
import { installSandbox } from '../serverForm/installSandbox';
import { sandboxFormFromEntry } from '../serverForm/formFromEntry';

export interface BundleServiceOptions extends RuntimeDeps {
  /** Bundles are unpacked under `<dataDir>/bundles/<server>`. */
  dataDir: string;
  files: ServersFileService;
  secrets: ServerSecrets;
  forms: ServerFormService;
  platform?: NodeJS.Platform;
  home?: string;
  /** Whether a process runs (staging cleanup; tests pass their own). */
  isAlive?: (pid: number) => boolean;
}

export interface BundleInstallResult {
  serverName: string;
  directory: string;
  state: ServersFileState;
}

/** The provenance written into a bundle's server entry (the config layer enforces it). */
export interface BundleOrigin {
  kind: 'bundle';
  name: string;
  version: string;
  /** `sha256:` of the `.mcpb` file installed: the one the person reviewed. */
  digest: string;
  /** Secrets the install created from the person's sensitive answers. */
  secrets?: string[];
}

/**
 * `.mcpb` bundles: read and verify one (signature, manifest, runtime; in a worker, with caps),
 * install it (the reviewed file only, user config checked, secrets to the secret store,
 * unpacked into the data folder, added to the servers file with its origin) and uninstall it
 * (entry, secrets and folder). Nothing from a bundle runs before the person confirms.
 */
export class BundleService {
  private readonly root: string;
  private readonly installed: InstalledBundles;
  private readonly platform: NodeJS.Platform;
  private readonly staging: BundleStaging;
  /** Dropped files arriving in chunks. */
  readonly uploads: BundleUploads;

  constructor(private readonly options: BundleServiceOptions) {
    this.root = join(options.dataDir, 'bundles');
    this.installed = new InstalledBundles(join(this.root, 'installed.json'));
    this.platform = options.platform ?? process.platform;
    this.staging = new BundleStaging({
      root: this.root,
      ...(options.isAlive ? { isAlive: options.isAlive } : {}),
    });
    this.uploads = new BundleUploads(this.staging);
  }

  /** What the install dialog shows for a file. Nothing is kept, nothing runs. */
  async inspect(path: string): Promise<BundleView> {
    await checkBundleSize(path);
    const read = await readBundleFile({
      source: path,
      scratch: await this.staging.newPath('.check'),
      limits: UNPACK_LIMITS,
    });
    return (await this.review(path, read)).view;
  }

  /** A dropped file, all arrived: read like an opened one. A file that is no bundle goes. */
  async inspectUpload(uploadId: string): Promise<BundleView> {
    const path = await this.uploads.finish(uploadId);
    try {
      return await this.inspect(path);
    } catch (error) {
      await this.staging.remove(path);
      throw error;
    }
  }

  /**
   * The person closed a review: a dropped file staged for it goes. A bundle opened by path
   * is the person's own file and stays.
   */
  discard(path: string): Promise<void> {
    return this.staging.remove(path);
  }

  /** At start: what runs that ended mid-unpack or with a review open left behind. */
  cleanStaging(): Promise<number> {
    return this.staging.cleanStale();
  }

  list(): Promise<InstalledBundle[]> {
    return this.installed.list();
  }

  /**
   * Installs the file the person reviewed: it is read again in the worker and unpacked only if
   * its digest is the reviewed one; everything the review refused is refused again.
   */
  async install(request: BundleInstallRequest): Promise<BundleInstallResult> {
    const { files, secrets } = this.options;
    const serverName = request.serverName.trim();
    if (files.state.servers.some((s) => s.name === serverName) || files.rawServer(serverName)) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('config.nameTaken', { name: serverName }),
      );
    }
    await checkBundleSize(request.path);
    const staging = await this.staging.newPath();
    await mkdir(staging, { recursive: true, mode: 0o755 });
    const directory = await this.freeFolder(serverName);
    const stored: string[] = [];
    let moved = false;
    try {
      const read = await readBundleFile({
        source: request.path,
        into: staging,
        digest: request.digest,
        scratch: await this.staging.newPath('.check'),
        limits: UNPACK_LIMITS,
      });
      const { view, manifest, requirement, sandbox } = await this.review(request.path, read);
      refuseUnrunnable(view, request.acceptUntrusted === true);
      const checked = await checkUserConfig(view.userConfig, request.userConfig, serverName);
      // Consent given: the runtime's version may now be asked (see checkRuntimeVersion).
      await checkRuntimeVersion(view.runtime, requirement, [staging, directory], this.options);
      await rename(staging, directory);
      moved = true;
      const config = await mcpConfigFor(
        withDefaults(manifest, view.userConfig),
        directory,
        checked.values,
        this.systemDirs(),
        sep,
      );
      if (!config) throw new AppError(AppErrorCode.Validation, hostText('bundles.noLaunch'));
      for (const [name, value] of checked.secrets) {
        await secrets.set(name, value, { owner: serverName });
        stored.push(name);
      }
      const origin: BundleOrigin = {
        kind: 'bundle',
        name: manifest.name,
        version: manifest.version,
        digest: read.digest,
        ...(stored.length > 0 ? { secrets: [...stored] } : {}),
      };
      const entry = {
        command: config.command,
        ...(config.args.length > 0 ? { args: config.args } : {}),
        ...(Object.keys(config.env).length > 0 ? { env: config.env } : {}),
        ...installSandbox(sandbox, request.sandbox),
        origin,
      };
      const state = await files.addServers({ [serverName]: entry });
      await this.installed.add({
        serverName,
        name: view.name,
        version: view.version,
        directory,
        installedAt: new Date().toISOString(),
        signature: view.signature.state,
        digest: read.digest,
      });
      // A dropped file has served its purpose once unpacked into its folder.
      await this.staging.remove(request.path);
      return { serverName, directory, state };
    } catch (error) {
      for (const name of stored) await secrets.delete(name).catch(() => undefined);
      await rm(moved ? directory : staging, { recursive: true, force: true });
      throw error;
    }
  }

  /** Removes the server's entry (and its secrets) and its unpacked folder. */
  async uninstall(serverName: string): Promise<ServersFileState> {
    const bundle = (await this.installed.list()).find((b) => b.serverName === serverName);
    if (!bundle)
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('bundles.notInstalled', { name: serverName }),
      );
    let state = this.options.files.state;
    if (this.options.files.rawServer(serverName))
      state = await this.options.forms.remove(serverName);
    // Only ever a folder this service made under bundles/.
    if (bundle.directory.startsWith(this.root + sep)) {
      await rm(bundle.directory, { recursive: true, force: true });
    }
    await this.installed.remove(serverName);
    return state;
  }

  /** What the person sees of a read bundle (the worker's findings plus manifest checks). */
  private async review(path: string, read: BundleFileRead) {
    const { manifest, version } = await readManifest(read.manifestText);
    refuseForeignVariables(manifest);
    const launch = serverLaunch(manifest, this.platform);
    if (!launch.command) {
      throw new AppError(AppErrorCode.Validation, hostText('bundles.noMcpConfig'));
    }
    const runtime = await findRuntime(
      launch.type,
      launch.command,
      launch.requirement,
      this.options,
    );
    const taken = new Set(this.options.files.state.servers.map((s) => s.name));
    const base = manifest.name.replace(/[^A-Za-z0-9_.-]+/g, '-') || 'bundle';
    const suggestedName = taken.has(base) ? suggestUniqueName(base, taken) : base;
    // A `uv` bundle fetches its Python packages at first start; other types carry theirs.
    const sandbox = defaultSandboxFor(
      'bundle',
      manifest,
      launch.type === 'uv' ? PACKAGE_HOSTS.pypi : [],
    );
    const view = toBundleView({
      path,
      digest: read.digest,
      manifest,
      userConfig: safeDefaults(userConfigFields(manifest), {
        ...this.systemDirs(),
        pathSeparator: sep,
        '/': sep,
      }),
      manifestVersion: version,
      signature: signatureState(read.signature),
      runtime,
      suggestedName,
      platform: this.platform,
      sandbox: sandboxFormFromEntry(sandbox ?? {}),
    });
    return {
      view,
      manifest,
      requirement: launch.requirement,
      sandbox,
    };
  }

  /** `bundles/<server>`, or `<server>-2`, … when that folder exists (never another's). */
  private async freeFolder(serverName: string): Promise<string> {
    const base = folderName(serverName);
    for (let n = 1; ; n++) {
      const candidate = join(this.root, n === 1 ? base : `${base}-${n}`);
      if (!(await stat(candidate).catch(() => undefined))) return candidate;
    }
  }

  private systemDirs(): Record<string, string> {
    const home = this.options.home ?? homedir();
    return {
      HOME: home,
      DESKTOP: join(home, 'Desktop'),
      DOCUMENTS: join(home, 'Documents'),
      DOWNLOADS: join(home, 'Downloads'),
    };
  }
}

/**
 * Only a signature verified here (signed, or self-signed with a certificate this computer
 * trusts) vouches for a bundle. Anything else, unsigned or unverified, needs the person's
 * explicit yes: otherwise removing a signature block that does not verify would turn a
 * bundle that asks into one that does not.
 */
function refuseUnrunnable(view: BundleView, acceptUntrusted: boolean): void {
  if (view.platformProblemText) {
    throw new AppError(AppErrorCode.Validation, view.platformProblemText);
  }
  if (!view.runtime.found) throw new AppError(AppErrorCode.Validation, view.runtime.text);
  const state = view.signature.state;
  if ((state === 'untrusted' || state === 'unsigned') && !acceptUntrusted) {
    throw new AppError(AppErrorCode.Validation, hostText(`bundles.${state}`));
  }
}

/** A folder name for a server: its name, kept to a safe alphabet. */
function folderName(serverName: string): string {
  return serverName.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^\.+/, '_') || 'bundle';
}
