import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { MEMORY_TYPES, MnemoError } from "../../index.js";
import {
  dailyPathOf,
  dailyUriOfPath,
  decodeSegment,
  layerUri,
  memoryPathOf,
  memoryUriOfPath,
  profilePathOf,
  refuseDotSegments,
  resourcePathOf,
  topicPathOf,
  topicUri,
} from "./resource-uris.js";

function errorCode(work: () => unknown): string | undefined {
  try {
    work();
    return undefined;
  } catch (error) {
    return MnemoError.isInstance(error) ? error.code : "not a MnemoError";
  }
}

/** The one variable a URI built by `build` holds: the last path segment, as the SDK's template hands it over. */
const lastSegment = (uri: string) => uri.slice(uri.lastIndexOf("/") + 1);

/** Plain text, encoded text, and pieces of traversal attempts glued together. */
const uriVariable = fc.oneof(
  fc.string(),
  fc.string().map(encodeURIComponent),
  fc
    .array(fc.constantFrom("..", ".", "%2e", "%2E", "%2F", "%5C", "/", "\\", "%00", "a", "%"))
    .map((parts) => parts.join("")),
);

describe("mnemo:// resource URIs", () => {
  it("name the home's files", () => {
    expect(profilePathOf("mnemo://profile/soul", "soul")).toBe("SOUL.md");
    expect(memoryPathOf("u", "feedback", "prefers-tabs")).toBe("memories/feedback_prefers-tabs.md");
    expect(topicPathOf("u", "user_prefs")).toBe("topics/user_prefs.md");
    expect(dailyPathOf("u", "2026-05-01")).toBe("daily/2026-05-01.md");
    expect(memoryUriOfPath("memories/user_café.md")).toBe("mnemo://memories/user/caf%C3%A9");
    expect(memoryUriOfPath("memories/notes.md")).toBeUndefined();
    expect(dailyUriOfPath("daily/2026-05-01.md")).toBe("mnemo://daily/2026-05-01");
  });

  it("name another layer's files, and templates, under mnemo://<scope>/", () => {
    expect(layerUri("project", "mnemo://memories/{type}/{name}")).toBe(
      "mnemo://project/memories/{type}/{name}",
    );
    expect(layerUri("project", "mnemo://profile/memory")).toBe("mnemo://project/profile/memory");
  });

  it("refuse unknown kinds of file with INVALID_INPUT", () => {
    expect(errorCode(() => profilePathOf("u", "toString"))).toBe("INVALID_INPUT");
    expect(errorCode(() => memoryPathOf("u", "secret", "x"))).toBe("INVALID_INPUT");
    expect(errorCode(() => dailyPathOf("u", "yesterday"))).toBe("INVALID_INPUT");
    expect(errorCode(() => decodeSegment("u", "%E0%A4%A"))).toBe("INVALID_INPUT");
    expect(errorCode(() => topicPathOf("u", "a".repeat(251)))).toBe("INVALID_INPUT"); // no file name is so long
  });

  it("refuse traversal, encoded or not, with OUTSIDE_HOME", () => {
    for (const value of ["..%2F..%2Fetc", "%2e%2e", "a%5Cb", ".index", "x%00", "%20."])
      expect(errorCode(() => topicPathOf("u", value))).toBe("OUTSIDE_HOME");
    for (const uri of [
      "mnemo://profile/../x",
      "mnemo://topics/%2E%2e",
      "mnemo://daily/./x",
      "mnemo://a/b/..",
    ])
      expect(errorCode(() => refuseDotSegments(uri))).toBe("OUTSIDE_HOME");
    expect(errorCode(() => refuseDotSegments("mnemo://topics/a..b"))).toBeUndefined();
  });

  test.prop([fc.string({ minLength: 1 })])("a name read back from its URI is the name", (name) => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: names with control characters are refused
    fc.pre(!/[/\\]|\.\.|^\.|\.$|[\u0000-\u001f\u007f]/.test(name));
    expect(topicPathOf("u", lastSegment(topicUri(name)))).toBe(`topics/${name}.md`);
  });

  test.prop([uriVariable, fc.constantFrom(...MEMORY_TYPES)])(
    "any variable maps to one file directly inside its folder, or is refused",
    (value, type) => {
      for (const [folder, path] of [
        ["topics", () => topicPathOf("u", value)],
        ["memories", () => memoryPathOf("u", type, value)],
      ] as const) {
        let result: string;
        try {
          result = path();
        } catch (error) {
          expect(MnemoError.isInstance(error)).toBe(true);
          continue;
        }
        const segments = result.split("/");
        expect(segments).toHaveLength(2);
        expect(segments[0]).toBe(folder);
        expect(segments[1]).not.toMatch(/^\.|[\\\0]/); // no hidden file, no other separator
      }
    },
  );
});

describe("resourcePathOf", () => {
  it("names the file of every kind of resource", () => {
    expect(resourcePathOf("mnemo://profile/user")).toBe("USER.md");
    expect(resourcePathOf("mnemo://memories/feedback/prefers-tabs")).toBe(
      "memories/feedback_prefers-tabs.md",
    );
    expect(resourcePathOf("mnemo://topics/user_prefs")).toBe("topics/user_prefs.md");
    expect(resourcePathOf("mnemo://daily/2026-05-01")).toBe("daily/2026-05-01.md");
    expect(errorCode(() => resourcePathOf("mnemo://profile/../secret"))).toBe("OUTSIDE_HOME");
    expect(errorCode(() => resourcePathOf("mnemo://other/x"))).toBe("NOT_FOUND");
    expect(errorCode(() => resourcePathOf("mnemo://topics/a/b"))).toBe("NOT_FOUND");
  });

  test.prop([
    fc.oneof(
      fc.string(),
      uriVariable.map((variable) => `mnemo://topics/${variable}`),
    ),
  ])("any URI is refused with a MnemoError or names one file of the home's folders", (uri) => {
    let path: string;
    try {
      path = resourcePathOf(uri);
    } catch (error) {
      expect(MnemoError.isInstance(error)).toBe(true);
      return;
    }
    expect(path).toMatch(/^((SOUL|USER|MEMORY)\.md|(memories|topics|daily)\/[^/\\]+\.md)$/);
    expect(path).not.toContain("..");
  });
});
