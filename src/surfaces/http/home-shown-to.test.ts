import { describe, expect, it } from "vitest";
import type { TokenGrant } from "../../contracts/token-registry.js";
import { homeShownTo, TENANT_DATABASE_LABEL, TENANT_FOLDER_LABEL } from "./home-shown-to.js";

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
});
