/**
 * Notices changes to every home an MCP server serves (docs/scopes.md): the served home's files
 * under `mnemo://…` and each other layer's under `mnemo://<scope>/…`. Each home is looked at by a
 * HomeChanges of its own (its own folder, its own DocumentStore); a subscribed URI goes to the
 * layer its first segment names, and that layer's notifications come back under its prefix.
 */
import { type MemoryHome, MnemoError } from "../../index.js";
import { SCOPES, type Scope } from "../../scopes.js";
import { HomeChanges, type HomeChangesOptions } from "./home-changes.js";
import { layerUri, refuseDotSegments } from "./resource-uris.js";

interface WatchedHome {
  /** undefined for the served home, whose URIs have no scope prefix. */
  scope?: Scope;
  changes: HomeChanges;
}

export class StackChanges {
  private readonly homes: readonly WatchedHome[];

  constructor(
    memory: MemoryHome,
    layers: ReadonlyArray<{ scope: Scope; memory: MemoryHome }>,
    options: HomeChangesOptions,
  ) {
    this.homes = [
      { changes: new HomeChanges(memory, options) },
      ...layers.map((layer) => ({
        scope: layer.scope,
        changes: new HomeChanges(layer.memory, {
          ...options,
          onUpdated: (uri: string) => options.onUpdated(layerUri(layer.scope, uri)),
        }),
      })),
    ];
  }

  /** Throws the MnemoError a read of the URI would throw, or one naming the layers for an unknown layer. */
  async subscribe(uri: string): Promise<void> {
    const { changes, uriInHome } = this.route(uri);
    await changes.subscribe(uriInHome);
  }

  /** A URI nothing is subscribed to is left as it is. */
  unsubscribe(uri: string): void {
    const home = this.homeOf(uri);
    if (home) home.changes.unsubscribe(this.uriInHome(uri, home));
  }

  /** Looks at every home once (see HomeChanges.check). */
  async check(): Promise<void> {
    await Promise.all(this.homes.map((home) => home.changes.check()));
  }

  private route(uri: string): { changes: HomeChanges; uriInHome: string } {
    refuseDotSegments(uri);
    const home = this.homeOf(uri);
    if (home === undefined) {
      const scope = this.scopeNamed(uri);
      const served = this.homes.map((each) => (each.scope ? `mnemo://${each.scope}/…` : "mnemo://…"));
      throw new MnemoError(
        "NOT_FOUND",
        `There is no ${scope} layer under mnemo://${scope}/ on this server (${uri}); its resources are ${served.join(" and ")} (resources/list shows them).`,
      );
    }
    return { changes: home.changes, uriInHome: this.uriInHome(uri, home) };
  }

  /** The home a URI belongs to; undefined when it names a layer this server does not serve. */
  private homeOf(uri: string): WatchedHome | undefined {
    const scope = this.scopeNamed(uri);
    if (scope === undefined) return this.homes[0];
    return this.homes.find((home) => home.scope === scope);
  }

  private scopeNamed(uri: string): Scope | undefined {
    const first = /^mnemo:\/\/([^/?#]+)\//.exec(uri)?.[1];
    return (SCOPES as readonly string[]).includes(first ?? "") ? (first as Scope) : undefined;
  }

  private uriInHome(uri: string, home: WatchedHome): string {
    return home.scope === undefined ? uri : `mnemo://${uri.slice(`mnemo://${home.scope}/`.length)}`;
  }
}
