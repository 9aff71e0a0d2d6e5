import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { namesSomething } from "./named-things.js";

describe("namesSomething: a capitalised word inside a sentence", () => {
  test.each([
    "By the way, I usually take Zumba classes on Tuesdays.",
    "I need to return some boots to Zara, actually.",
    "I've been loving my subscription to The New Yorker magazine.",
    "Can you recommend games similar to Celeste, which took me 10 hours?",
    "I'm also getting Architectural Digest.",
    "Nothing here. But we met Zoë at the café.",
    // A particular day is as particular as a name.
    "I have my yoga class on Sundays at 6:00 PM.",
    "I volunteered at the Children's Museum for their “Art Afternoon” event.",
  ])("names something: %s", (text) => {
    expect(namesSomething(text)).toBe(true);
  });

  test.each([
    // A sentence's first word is capitalised whatever it is.
    "Thanks for the tips. Can you suggest some playlists?",
    // "I" is capitalised whatever the text is about.
    "I think I'll go, or maybe I won't. I'm not sure.",
    // A list marker or heading mark does not make the next word a name.
    "- Prefers tea over coffee\n## Notes\n* Likes hiking",
    "i wrote everything in lower case, even names like zara.",
    "我上周买了三本书。",
    "",
  ])("names nothing: %s", (text) => {
    expect(namesSomething(text)).toBe(false);
  });

  test("lower-casing a text never makes it name something, and never throws", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        expect(typeof namesSomething(text)).toBe("boolean");
        // Letters with no lower-case form (ß, ǅ) aside: a lower-cased text has no capital to find.
        if (text.toLowerCase().toUpperCase().toLowerCase() === text.toLowerCase())
          expect(namesSomething(text.toLowerCase())).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
