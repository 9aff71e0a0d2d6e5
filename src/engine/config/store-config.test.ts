import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { loadConfig } from "../../load-config.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

let parent = "";
afterEach(async () => removeDir(parent));

/** Which database a home lives in: config `store` + `homeId`, MNEMO_STORE + MNEMO_HOME_ID, or options. */
describe("store configuration", () => {
  test("left out, the home is the folder; MNEMO_STORE and MNEMO_HOME_ID choose a database home", async () => {
    parent = await makeTempDir();
    const { config } = await loadConfig({ home: parent, env: {} });
    expect(config.store).toBeUndefined();
    const fromEnv = await loadConfig({
      home: parent,
      env: { MNEMO_STORE: "postgres://mnemo@db:5432/memory", MNEMO_HOME_ID: "acme/user-42" },
    });
    expect(fromEnv.config).toMatchObject({
      store: "postgres://mnemo@db:5432/memory",
      homeId: "acme/user-42",
    });
    const explicit = await loadConfig({
      home: parent,
      env: { MNEMO_STORE: "postgres://a/b", MNEMO_HOME_ID: "from-env" },
      config: { homeId: "from-option" },
    });
    expect(explicit.config.homeId).toBe("from-option");
  });

  test("a database store without a home id is refused, naming homeId and how to set it", async () => {
    parent = await makeTempDir();
    const loading = loadConfig({ home: parent, env: { MNEMO_STORE: "postgres://db/memory" } });
    await expect(loading).rejects.toMatchObject({ code: "INVALID_CONFIG" });
    const message = await loading.catch((error: Error) => error.message);
    expect(message).toContain("homeId:");
    expect(message).toContain("--home-id");
    expect(message).toContain(join(parent, "config.json"));
  });

  test.each([
    ["../escape", "homeId"],
    ["acme//user", "homeId"],
    ["has space", "homeId"],
    ["x".repeat(201), "homeId"],
  ])("the home id %j is refused, naming %s", async (homeId, key) => {
    parent = await makeTempDir();
    const loading = loadConfig({ home: parent, env: {}, config: { store: "postgres://db/memory", homeId } });
    await expect(loading).rejects.toMatchObject({
      code: "INVALID_CONFIG",
      message: expect.stringContaining(`${key}:`),
    });
  });

  test("a store that is not a postgres:// URL is refused, naming store", async () => {
    parent = await makeTempDir();
    const loading = loadConfig({ home: parent, env: { MNEMO_STORE: "mysql://db/x", MNEMO_HOME_ID: "a" } });
    await expect(loading).rejects.toMatchObject({
      code: "INVALID_CONFIG",
      message: expect.stringContaining("store: use a postgres://"),
    });
  });
});
