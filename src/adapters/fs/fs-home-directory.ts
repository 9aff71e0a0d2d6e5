import { lstat, mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { HomeDirectory } from "../../contracts/home-directory.js";
import { errnoCode, MnemoError } from "../../errors.js";
import { homeIdProblem, MAX_HOME_ID_SEGMENTS, parseHomeId } from "../../rules/home-id.js";
import { overlappingHomeError } from "../../rules/home-overlap.js";
import { writeFileAtomic } from "./atomic-write.js";
import { acquireFileLock } from "./home-lock.js";
import { ensureHomesRoot, HOME_MARKER, HOMES_LOCK } from "./homes-root.js";
import { ioError } from "./io-error.js";

export interface FsHomeDirectoryOptions {
  root: string;
  lockTimeoutMs: number;
}

/**
 * Homes as folders under one root: home "acme/user-42" is `<root>/acme/user-42/`, marked by a
 * `.mnemo-home` file. An id passes the home-id grammar, and every folder on its way must be a real
 * folder, never a symbolic link (one could alias another home's folder, inside the root or out),
 * so no id reaches anything but its own folder. Creation takes a lock under `<root>/.mnemo/`, so
 * two processes never create nesting homes at once.
 */
export class FsHomeDirectory implements HomeDirectory {
  readonly root: string;
  private readonly lockTimeoutMs: number;

  constructor(options: FsHomeDirectoryOptions) {
    this.root = options.root;
    this.lockTimeoutMs = options.lockTimeoutMs;
  }

  async create(homeId: string): Promise<boolean> {
    const id = parseHomeId(homeId);
    await ensureHomesRoot(this.root);
    const release = await acquireFileLock(join(this.root, HOMES_LOCK), this.lockTimeoutMs);
    try {
      if (await this.isHome(id)) return false;
      const overlapping = (await this.homeAbove(id)) ?? (await this.homesBelow(id))[0];
      if (overlapping !== undefined) throw overlappingHomeError(id, overlapping);
      const folder = (await this.checkedFolder(id, { create: true })) as string; // created, so never missing
      const marker = { id, created: new Date().toISOString() };
      await writeFileAtomic(join(folder, HOME_MARKER), `${JSON.stringify(marker)}\n`);
      return true;
    } finally {
      await release();
    }
  }

  async exists(homeId: string): Promise<boolean> {
    return this.isHome(parseHomeId(homeId));
  }

  async list(): Promise<string[]> {
    return (await this.homesBelow(undefined)).sort();
  }

  /** The folder of an existing home; NOT_FOUND when there is no such home. */
  async folderOf(homeId: string): Promise<string> {
    const id = parseHomeId(homeId);
    if (!(await this.isHome(id)))
      throw new MnemoError("NOT_FOUND", `There is no memory home "${id}" under ${this.root}.`);
    return join(this.root, ...id.split("/"));
  }

  private async isHome(id: string): Promise<boolean> {
    const folder = await this.checkedFolder(id, { create: false });
    return folder !== undefined && (await kindOf(join(folder, HOME_MARKER))) === "file";
  }

  /**
   * The id's folder, each folder on the way checked to be a real folder (created when asked), or
   * undefined when one is missing.
   */
  private async checkedFolder(id: string, options: { create: boolean }): Promise<string | undefined> {
    let folder = this.root;
    for (const segment of id.split("/")) {
      folder = join(folder, segment);
      let kind = await kindOf(folder);
      if (kind === "missing" && options.create) {
        await mkdir(folder).catch((error: unknown) => {
          if (errnoCode(error) !== "EEXIST") throw ioError(error, folder);
        });
        kind = await kindOf(folder);
      }
      if (kind === "missing") return undefined;
      if (kind !== "folder")
        throw new MnemoError(
          "OUTSIDE_HOME",
          `Refusing home "${id}": ${folder} is ${kind === "link" ? "a symbolic link" : "not a folder"}. A home's folders under the root must be real folders; replace it, or choose another id.`,
        );
    }
    return folder;
  }

  private async homeAbove(id: string): Promise<string | undefined> {
    const segments = id.split("/");
    for (let length = 1; length < segments.length; length++) {
      const ancestor = segments.slice(0, length).join("/");
      if (await this.isHome(ancestor)) return ancestor;
    }
    return undefined;
  }

  /** The homes inside the folder of `prefix` (the whole root when undefined); never descends into a home. */
  private async homesBelow(prefix: string | undefined): Promise<string[]> {
    const depth = prefix === undefined ? 0 : prefix.split("/").length;
    if (depth >= MAX_HOME_ID_SEGMENTS) return [];
    const folder = prefix === undefined ? this.root : join(this.root, ...prefix.split("/"));
    const found: string[] = [];
    for (const name of await realSubfolders(folder)) {
      const child = prefix === undefined ? name : `${prefix}/${name}`;
      if (homeIdProblem(child) !== undefined) continue; // .mnemo, .index, archive's odd names...
      if ((await kindOf(join(folder, name, HOME_MARKER))) === "file") found.push(child);
      else found.push(...(await this.homesBelow(child)));
    }
    return found;
  }
}

type EntryKind = "file" | "folder" | "link" | "other" | "missing";

async function kindOf(path: string): Promise<EntryKind> {
  try {
    const info = await lstat(path);
    if (info.isSymbolicLink()) return "link";
    return info.isDirectory() ? "folder" : info.isFile() ? "file" : "other";
  } catch (error) {
    if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") return "missing";
    throw ioError(error, path);
  }
}

/** The real sub-folders of a folder (symbolic links left out); none when it is missing. */
async function realSubfolders(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch (error) {
    if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") return [];
    throw ioError(error, folder);
  }
}
