/**
 * Notices changes to a memory home, whoever makes them (this server's tools, another process, a
 * person with an editor), by polling: the folders whose files are listed as resources (a cheap
 * stamp per folder; listed again only when it moved) and the text of each subscribed resource
 * (compared by hash, so an edit in place is seen too). MCP has no way to learn of a change but to
 * look, and fs.watch misses changes on network file systems and other DocumentStores.
 */
import { createHash } from "node:crypto";
import type { MemoryHome } from "../../index.js";
import { resourcePathOf } from "./resource-uris.js";

/** The folders whose files are listed as resources; the profile files are always listed. */
const LISTED_FOLDERS = ["memories", "topics", "daily"] as const;

export interface HomeChangesOptions {
  /** A resource's list of files changed (a file added, removed or renamed). */
  onListChanged: () => void;
  /** A subscribed resource's text changed, or it was deleted. */
  onUpdated: (uri: string) => void;
  onError: (error: unknown) => void;
}

export class HomeChanges {
  private readonly memory: MemoryHome;
  private readonly options: HomeChangesOptions;
  private readonly folders = new Map<string, { stamp: string | undefined; files: string }>();
  /** Subscribed URI -> its file and the hash of its text when last looked at. */
  private readonly subscriptions = new Map<string, { path: string; hash: string }>();
  private running: Promise<void> | undefined;
  private again = false;

  constructor(memory: MemoryHome, options: HomeChangesOptions) {
    this.memory = memory;
    this.options = options;
  }

  /** Throws the MnemoError a read of the URI would throw, for a URI that names no file. */
  async subscribe(uri: string): Promise<void> {
    const path = resourcePathOf(uri);
    this.subscriptions.set(uri, { path, hash: await this.hashOf(path) });
  }

  unsubscribe(uri: string): void {
    this.subscriptions.delete(uri);
  }

  /**
   * Looks once (the first look takes the home as it is as the starting point); a call while a look
   * is running makes it look again afterwards.
   */
  check(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.look()
      .catch(this.options.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          void this.check();
        }
      });
    return this.running;
  }

  private async look(): Promise<void> {
    let listChanged = false;
    for (const folder of LISTED_FOLDERS) {
      const before = this.folders.get(folder);
      const stamp = await this.memory.store.folderStamp(folder);
      if (before !== undefined && stamp !== undefined && stamp === before.stamp) continue;
      const now = await this.folderState(folder, stamp);
      if (before !== undefined && now.files !== before.files) listChanged = true;
      this.folders.set(folder, now);
    }
    if (listChanged) this.options.onListChanged();
    for (const [uri, subscription] of this.subscriptions) {
      const hash = await this.hashOf(subscription.path);
      if (hash === subscription.hash || this.subscriptions.get(uri) !== subscription) continue;
      subscription.hash = hash;
      this.options.onUpdated(uri);
    }
  }

  private async folderState(folder: string, stamp?: string) {
    const files = (await this.memory.store.list(folder)).map((document) => document.path).sort();
    return { stamp: stamp ?? (await this.memory.store.folderStamp(folder)), files: files.join("\n") };
  }

  private async hashOf(path: string): Promise<string> {
    const text = await this.memory.store.read(path);
    return text === undefined ? "missing" : createHash("sha256").update(text).digest("hex");
  }
}
