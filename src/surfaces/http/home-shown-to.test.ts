import { describe, expect, it } from "vitest";
import type { TokenGrant } from "../../contracts/token-registry.js";
import { homeShownTo, messageShownTo, TENANT_DATABASE_LABEL, TENANT_FOLDER_LABEL } from "./home-shown-to.js";

/** Who sees where a home is stored: the operator the whole location, a tenant only the kind of storage. */
const grant = (admin: boolean): TokenGrant => ({
  id: "tok_1",
  homes: ["acme/ada"],
  admin,
  createdAt: new Date(0),
});
const database = "postgres://mnemo_app@db.internal:6543/memories#acme/ada";
const folder = "/srv/mnemo/acme/ada";

describe("homeShownTo", () => {
  it("shows a server of one home (no grant) and an admin token the whole location", () => {
    expect(homeShownTo(undefined, database)).toBe(database);
    expect(homeShownTo(undefined, folder)).toBe(folder);
    expect(homeShownTo(grant(true), database)).toBe(database);
    expect(homeShownTo(grant(true), folder)).toBe(folder);
  });

  it("shows a tenant's token only which kind of storage keeps its memory", () => {
    expect(homeShownTo(grant(false), database)).toBe(TENANT_DATABASE_LABEL);
    expect(homeShownTo(grant(false), "PGlite#acme/ada")).toBe("PostgreSQL");
    expect(homeShownTo(grant(false), folder)).toBe(TENANT_FOLDER_LABEL);
    expect(homeShownTo(grant(false), folder)).not.toContain("/srv");
  });

  it("gives a tenant's error messages its files by their path in the home, and the storage by its kind", () => {
    const server = "postgres://mnemo_app@db.internal:6543/memories";
    const places = { home: database, homes: server };
    const malformed = `${database}/memories/user_x.md line 3: invalid YAML. Fix the file by hand.`;
    expect(messageShownTo(grant(false), malformed, places)).toBe(
      "memories/user_x.md line 3: invalid YAML. Fix the file by hand.",
    );
    const lock = `Another writer held the memory home's lock in ${server} for too long (lockTimeoutMs); try again.`;
    expect(messageShownTo(grant(false), lock, { home: undefined, homes: server })).toBe(
      "Another writer held the memory home's lock in PostgreSQL for too long (lockTimeoutMs); try again.",
    );
    expect(
      messageShownTo(grant(false), `There is no memory home "x" in /srv/mnemo.`, {
        home: undefined,
        homes: "/srv/mnemo",
      }),
    ).toBe('There is no memory home "x" in a folder on the server.');
    expect(
      messageShownTo(grant(false), `${folder}/MEMORY.md does not parse`, {
        home: folder,
        homes: "/srv/mnemo",
      }),
    ).toBe("MEMORY.md does not parse");
    // The operator reads the message as it was written.
    expect(messageShownTo(grant(true), malformed, places)).toBe(malformed);
    expect(messageShownTo(undefined, malformed, places)).toBe(malformed);
  });
});
