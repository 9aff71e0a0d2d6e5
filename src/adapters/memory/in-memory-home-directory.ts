import type { HomeDirectory } from "../../contracts/home-directory.js";
import { homeIdsOverlap, parseHomeId } from "../../rules/home-id.js";
import { overlappingHomeError } from "../../rules/home-overlap.js";

/**
 * Home ids kept in process: for tests, and the oracle every other HomeDirectory is checked against
 * (`mnemo/testing`).
 */
export class InMemoryHomeDirectory implements HomeDirectory {
  private readonly homes = new Set<string>();

  async create(homeId: string): Promise<boolean> {
    const id = parseHomeId(homeId);
    if (this.homes.has(id)) return false;
    const other = [...this.homes].find((existing) => homeIdsOverlap(existing, id));
    if (other !== undefined) throw overlappingHomeError(id, other);
    this.homes.add(id);
    return true;
  }

  async exists(homeId: string): Promise<boolean> {
    return this.homes.has(parseHomeId(homeId));
  }

  async list(): Promise<string[]> {
    return [...this.homes].sort();
  }
}
