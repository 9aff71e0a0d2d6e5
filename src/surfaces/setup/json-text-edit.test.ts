import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { addProperty, appendElement, newJsonDocument, removeMember, replaceValue } from "./json-text-edit.js";

const key = fc.stringMatching(/^[a-z][a-zA-Z0-9_-]{0,8}$/);
const leaf = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
const value = fc.oneof(leaf, fc.array(leaf, { maxLength: 3 }), fc.dictionary(key, leaf, { maxKeys: 3 }));
/** A settings object as a person or a program may have written it: any indentation, or on one line. */
const document = fc.record({
  object: fc.dictionary(key, value, { maxKeys: 5 }),
  indent: fc.constantFrom(0, 2, 4, "\t"),
  finalNewline: fc.boolean(),
});

function written({
  object,
  indent,
  finalNewline,
}: {
  object: object;
  indent: number | string;
  finalNewline: boolean;
}): string {
  const text = JSON.stringify(object, null, indent);
  return finalNewline ? `${text}\n` : text;
}

describe("JSON text edits", () => {
  test.prop([document, key, value])(
    "adding a property and removing it gives the text back byte for byte",
    (doc, name, added) => {
      const before = written(doc);
      fc.pre(!(name in doc.object));
      const after = addProperty(before, [], name, added);
      expect(JSON.parse(after)).toEqual({ ...doc.object, [name]: added });
      expect(removeMember(after, [name])).toBe(before);
    },
  );

  test.prop([document, key, value])(
    "an element appended to an existing array comes out the same way",
    (doc, name, added) => {
      const before = written({ ...doc, object: { ...doc.object, [name]: ["x"] } });
      const after = appendElement(before, [name], added);
      expect(JSON.parse(after)[name]).toEqual(["x", added]);
      expect(removeMember(after, [name, 1])).toBe(before);
    },
  );

  test.prop([document, key, value])(
    "a member added to an empty object that was there stays out, the object stays",
    (doc, name, added) => {
      const before = written({ ...doc, object: { ...doc.object, servers: {} } });
      const after = addProperty(before, ["servers"], name, added);
      expect(JSON.parse(after).servers).toEqual({ [name]: added });
      expect(removeMember(after, ["servers", name])).toBe(before);
    },
  );

  test("a member that was all of a container setup made takes the container with it, up to the file", () => {
    const text = newJsonDocument({
      hooks: { SessionStart: [{ hooks: [{ type: "command", command: "x" }] }] },
    });
    expect(removeMember(text, ["hooks", "SessionStart", 0, "hooks", 0])).toBeUndefined();
    const withForeign = addProperty(text, [], "model", "opus");
    expect(removeMember(withForeign, ["hooks", "SessionStart", 0, "hooks", 0])).toBe(
      '{\n  "model": "opus"\n}\n',
    );
  });

  test("a one-line array gets its new element on that line", () => {
    const text = '{\n  "args": ["a", "b"]\n}\n';
    expect(appendElement(text, ["args"], "c")).toBe('{\n  "args": ["a", "b", "c"]\n}\n');
  });

  test("replacing a value keeps the rest and indents the value as its line", () => {
    const text = '{\n    "servers": {\n        "mnemo": {"command": "old"},\n        "other": 1\n    }\n}';
    expect(replaceValue(text, ["servers", "mnemo"], { command: "new" })).toBe(
      '{\n    "servers": {\n        "mnemo": {\n            "command": "new"\n        },\n        "other": 1\n    }\n}',
    );
  });
});
