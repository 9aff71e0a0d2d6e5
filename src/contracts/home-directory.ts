/**
 * The homes a multi-home server serves, by id ("acme/user-42"; the grammar is in
 * rules/home-id.ts). A directory only knows which homes exist; opening one as a MemoryHome
 * is the composition root's job (open-homes.ts), so a backend plugs in by implementing this and the
 * TokenRegistry. Implementations: a root folder with a home per sub-folder (adapters/fs), in memory
 * (the oracle of the conformance suite in `mnemo/testing`).
 *
 * Every method refuses an invalid id with MnemoError INVALID_INPUT naming the field.
 */
export interface HomeDirectory {
  /**
   * Creates the home; false, changing nothing, when it exists already. Refuses (INVALID_INPUT) an
   * id that is inside another home or holds one ("acme" beside "acme/user-42"): every home must be
   * exportable as a folder of its own. Safe when several processes create homes at once.
   */
  create(homeId: string): Promise<boolean>;
  exists(homeId: string): Promise<boolean>;
  /** Every home's id, sorted. */
  list(): Promise<string[]>;
}
