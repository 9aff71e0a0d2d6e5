import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { identityView, joinedView, originalSpan, visibleView } from "./text-views.js";

/** Text of the kinds the views change: ASCII, invisible characters, full-width and compatibility forms, emoji. */
const piece = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom("\u200B", "\u200D", "\u2060", "\uFEFF", "\u00AD", "\u202E"),
  fc.constantFrom("\uFF41", "\uFF1A", "\uFB01", "\u2026", "\u00A0", "\u2460", "é", "😀", "\u0301"),
);
const mixedText = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(""));

/** The view's text made again from the original, one character at a time: no Cf, NFKC. */
function visibleByHand(text: string): string {
  return Array.from(text)
    .filter((character) => !/\p{Cf}/u.test(character))
    .map((character) => character.normalize("NFKC"))
    .join("");
}

describe("visibleView", () => {
  test.each(["plain ASCII: password=x", "", "déjà vu — “quoted”"])(
    "is undefined when it would be the text itself: %j",
    (text) => {
      expect(visibleView(text)).toBeUndefined();
    },
  );

  test("drops invisible characters and maps each character back to where it was", () => {
    const view = visibleView("ab\u200Bcd") as NonNullable<ReturnType<typeof visibleView>>;
    expect(view.text).toBe("abcd");
    expect(view.starts).toEqual([0, 1, 3, 4]);
    expect(view.ends).toEqual([1, 2, 4, 5]);
    expect(originalSpan(view, 1, 3)).toEqual({ start: 1, end: 4 });
  });

  test("writes compatibility forms as NFKC does, one original character for several", () => {
    const view = visibleView("key\uFF1A \uFB01x😀") as NonNullable<ReturnType<typeof visibleView>>;
    expect(view.text).toBe("key: fix😀");
    expect(originalSpan(view, 3, 4)).toEqual({ start: 3, end: 4 });
    expect(originalSpan(view, 5, 6)).toEqual({ start: 5, end: 6 });
    expect(originalSpan(view, 6, 7)).toEqual({ start: 5, end: 6 });
    expect(originalSpan(view, 8, 10)).toEqual({ start: 7, end: 9 });
  });

  test.prop([mixedText])(
    "is the text without Cf and in NFKC form, and every span maps back to its source",
    (text) => {
      const view = visibleView(text);
      if (view === undefined) {
        expect(visibleByHand(text)).toBe(text);
        return;
      }
      expect(view.text).toBe(visibleByHand(text));
      expect(view.starts).toHaveLength(view.text.length);
      expect(view.ends).toHaveLength(view.text.length);
      for (let start = 0; start < view.text.length; start++) {
        for (let end = start + 1; end <= view.text.length; end++) {
          const original = originalSpan(view, start, end);
          expect(visibleByHand(text.slice(original.start, original.end))).toContain(
            view.text.slice(start, end),
          );
        }
      }
    },
  );
});

describe("joinedView", () => {
  test.each([
    ["ghp_aB3dE5fG7hJ9 N3pQ5rS7tU9vW1xY", "ghp_aB3dE5fG7hJ9N3pQ5rS7tU9vW1xY"],
    ["key ab12\t\tcd34  ef56 end", "key ab12cd34ef56 end"],
    ["Zz9~ Q~r1", "Zz9~Q~r1"],
  ])("takes the spaces out of a split key: %j", (text, joined) => {
    expect(joinedView(text)?.text).toBe(joined);
  });

  test.each([
    "prose with words and no digits at all",
    "I have 2 cats and 3 dogs",
    "abc1 defg",
    "ab12   cd34",
    "ab12\ncd34",
    "ab1 cd34",
  ])("leaves text without a split key alone: %j", (text) => {
    expect(joinedView(text)).toBeUndefined();
  });

  test("maps back through the view it joins", () => {
    const visible = visibleView("x ab\u200B12 cd34") as NonNullable<ReturnType<typeof visibleView>>;
    const joined = joinedView(visible) as NonNullable<ReturnType<typeof joinedView>>;
    expect(joined.text).toBe("x ab12cd34");
    expect(originalSpan(joined, 2, 10)).toEqual({ start: 2, end: 12 });
    expect(originalSpan(joinedView("ab12 cd34") as NonNullable<ReturnType<typeof joinedView>>, 0, 8)).toEqual(
      {
        start: 0,
        end: 9,
      },
    );
  });

  test.prop([
    fc.array(fc.oneof(fc.stringMatching(/^[a-z0-9]{0,8}$/), fc.constantFrom(" ", "  ", "\t", "\n")), {
      maxLength: 14,
    }),
  ])("only ever removes spaces and tabs between two runs of key characters that hold a digit", (parts) => {
    const text = parts.join("");
    const joined = joinedView(text);
    if (joined === undefined) return;
    const kept = new Set(joined.starts);
    const identity = identityView(text);
    expect(joined.ends).toEqual(joined.starts.map((start) => start + 1));
    for (const index of identity.starts.filter((each) => !kept.has(each))) {
      expect(text[index]).toMatch(/[ \t]/);
      const before = /[A-Za-z0-9_+/=.~-]*$/.exec(text.slice(0, index).trimEnd())?.[0] ?? "";
      const after = /^[A-Za-z0-9_+/=.~-]*/.exec(text.slice(index).trimStart())?.[0] ?? "";
      expect(before).toMatch(/^(?=.*[0-9]).{4,}$/);
      expect(after).toMatch(/^(?=.*[0-9]).{4,}$/);
    }
    expect(joined.text).toBe(joined.starts.map((start) => text[start]).join(""));
  });
});
