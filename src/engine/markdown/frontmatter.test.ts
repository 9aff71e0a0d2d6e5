import { describe, expect, test } from "vitest";
import {
  createFrontmatter,
  frontmatterValue,
  parseFrontmatter,
  serializeFrontmatter,
} from "./frontmatter.js";

describe("frontmatter", () => {
  test("keeps unknown keys, comments and order when a key is updated", () => {
    const text = "---\n# written by hand\nname: Tabs\ntags: [style, editor]\ntype: feedback\n---\n\nBody\n";
    const parsed = parseFrontmatter(text);
    if (!parsed.ok) throw new Error(parsed.problem);
    parsed.frontmatter.yaml.set("type", "user");
    const rewritten = serializeFrontmatter(parsed.frontmatter);
    expect(rewritten).toContain("# written by hand");
    expect(rewritten).toContain("tags: [ style, editor ]");
    expect(rewritten.indexOf("name:")).toBeLessThan(rewritten.indexOf("tags:"));
    expect(rewritten).toContain("type: user");
    expect(rewritten.endsWith("---\n\nBody\n")).toBe(true);
  });

  test("an unchanged document serializes to what was read", () => {
    const text = "---\nname: A\ndescription: b c\n---\nBody";
    const parsed = parseFrontmatter(text);
    expect(parsed.ok && serializeFrontmatter(parsed.frontmatter)).toBe(text);
  });

  test("reports malformed frontmatter with a line", () => {
    expect(parseFrontmatter("no fence")).toMatchObject({ ok: false, line: 1 });
    expect(parseFrontmatter("---\nname: x\n")).toMatchObject({
      ok: false,
      problem: expect.stringContaining("closing"),
    });
    expect(parseFrontmatter("---\nname: x\n  bad: [\n---\n")).toMatchObject({
      ok: false,
      problem: expect.stringContaining("invalid YAML"),
    });
    expect(parseFrontmatter("---\n- a list\n---\n")).toMatchObject({ ok: false, line: 2 });
  });

  test("names each problem exactly, at the file's line (the YAML starts on line 2), without the parser's own position", () => {
    const noFence = { ok: false, problem: 'the file does not start with a "---" frontmatter line', line: 1 };
    expect(parseFrontmatter("")).toEqual(noFence);
    expect(parseFrontmatter("name: x\n---\n")).toEqual(noFence);
    expect(parseFrontmatter("---\nname: x\n")).toEqual({
      ok: false,
      problem: 'the frontmatter has no closing "---" line',
      line: 1,
    });
    expect(parseFrontmatter("---\nname: [unclosed\n---\nbody\n")).toEqual({
      ok: false,
      problem:
        "invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
      line: 3,
    });
    expect(parseFrontmatter("---\nname: a\n  bad: indent\n---\n")).toEqual({
      ok: false,
      problem: "invalid YAML: Nested mappings are not allowed in compact mappings",
      line: 2,
    });
    expect(parseFrontmatter("---\n- a\n- b\n---\n")).toEqual({
      ok: false,
      problem: "the frontmatter must be a set of `key: value` lines",
      line: 2,
    });
  });

  test("a byte-order mark before the fence and an empty frontmatter are read, and written back without the mark", () => {
    const marked = parseFrontmatter("\uFEFF---\nname: x\n---\nbody");
    expect(marked.ok && frontmatterValue(marked.frontmatter, "name")).toBe("x");
    expect(marked.ok && serializeFrontmatter(marked.frontmatter)).toBe("---\nname: x\n---\nbody");
    const empty = parseFrontmatter("---\n---\nbody\n");
    expect(empty.ok && serializeFrontmatter(empty.frontmatter)).toBe("---\n---\nbody\n");
  });

  test("creates a document with keys in order", () => {
    const created = createFrontmatter({ name: "N: with colon", type: "user" }, "\nbody\n");
    const text = serializeFrontmatter(created);
    const parsed = parseFrontmatter(text);
    expect(parsed.ok && frontmatterValue(parsed.frontmatter, "name")).toBe("N: with colon");
    expect(text.indexOf("name")).toBeLessThan(text.indexOf("type"));
  });
});
