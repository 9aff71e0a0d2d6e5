/**
 * The homes a multi-home server keeps open, least recently used first out (lru-cache). A request
 * leases its home and releases it when answered; a home pushed out of the cache is closed only
 * once no request holds it, so a busy server never closes a home under a request. Opening is
 * shared: requests that arrive together for a home that is not open wait for one open.
 */
import { LRUCache } from "lru-cache";
import { MnemoError } from "../../errors.js";

export interface HomePoolOptions<Home> {
  /** How many homes stay open when no request holds them. */
  maxOpen: number;
  open(homeId: string): Promise<Home>;
  close(home: Home): Promise<void>;
  /** Where a failure to close a home goes (nobody waits for that close). */
  onError(error: unknown): void;
}

export interface HomeLease<Home> {
  home: Home;
  /** Idempotent. */
  release(): void;
}

interface Slot<Home> {
  opening: Promise<Home>;
  leases: number;
  /** Out of the cache: closed when the last lease is released. */
  evicted: boolean;
  closing?: Promise<void>;
}

export class HomePool<Home> {
  private readonly options: HomePoolOptions<Home>;
  private readonly cache: LRUCache<string, Slot<Home>>;
  private readonly closings = new Set<Promise<void>>();
  private closed = false;

  constructor(options: HomePoolOptions<Home>) {
    if (!Number.isSafeInteger(options.maxOpen) || options.maxOpen < 1)
      throw new MnemoError(
        "INVALID_INPUT",
        `maxOpenHomes must be a whole number of at least 1, not ${options.maxOpen}.`,
      );
    this.options = options;
    this.cache = new LRUCache<string, Slot<Home>>({
      max: options.maxOpen,
      dispose: (slot) => {
        slot.evicted = true;
        this.closeWhenIdle(slot);
      },
    });
  }

  /** The open home for `homeId`, held until `release`. Fails as `open` fails; a failed open is not kept. */
  async lease(homeId: string): Promise<HomeLease<Home>> {
    if (this.closed)
      throw new MnemoError("IO", "The server is shutting down: no memory home is opened any more.");
    let slot = this.cache.get(homeId);
    if (slot === undefined) {
      slot = { opening: this.options.open(homeId), leases: 0, evicted: false };
      this.cache.set(homeId, slot);
    }
    const held = slot;
    held.leases++;
    let home: Home;
    try {
      home = await held.opening;
    } catch (error) {
      held.leases--;
      if (this.cache.peek(homeId) === held) this.cache.delete(homeId);
      throw error;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      held.leases--;
      this.closeWhenIdle(held);
    };
    return { home, release };
  }

  /** How many homes are in the cache (requests may still hold homes pushed out of it). */
  get size(): number {
    return this.cache.size;
  }

  /** The ids of the homes in the cache, most recently used first. */
  get openIds(): string[] {
    return [...this.cache.keys()];
  }

  /** Closes every home; call it once the requests have been answered (a held home closes on release). */
  async close(): Promise<void> {
    this.closed = true;
    this.cache.clear();
    await Promise.all([...this.closings]);
  }

  private closeWhenIdle(slot: Slot<Home>): void {
    if (!slot.evicted || slot.leases > 0 || slot.closing) return;
    const closing = slot.opening
      .then(
        (home) => this.options.close(home),
        () => undefined, // never opened: nothing to close
      )
      .catch(this.options.onError);
    slot.closing = closing;
    this.closings.add(closing);
    void closing.finally(() => this.closings.delete(closing));
  }
}
