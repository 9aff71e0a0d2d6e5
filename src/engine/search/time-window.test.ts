import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { filterWithin, inWindow, timeWindowOf } from "./time-window.js";

/** A Tuesday evening, local time (days are local, as messages are dated). */
const ASKED = new Date(2023, 4, 30, 23, 40);

describe("timeWindowOf", () => {
  test.each([
    ["What did I buy two weeks ago?", { since: "2023-05-12", until: "2023-05-20" }],
    ["the art event 5 days ago", { since: "2023-05-24", until: "2023-05-26" }],
    ["an investment four weeks ago", { since: "2023-04-28", until: "2023-05-06" }],
    ["I mentioned it a month ago", { since: "2023-04-15", until: "2023-05-15" }],
    ["trips in the past three months", { since: "2023-03-01", until: "2023-05-30" }],
    ["what did I tell you last month", { since: "2023-03-31", until: "2023-05-30" }],
    ["over the last 10 days", { since: "2023-05-20", until: "2023-05-30" }],
    ["what did I cook yesterday", { since: "2023-05-28", until: "2023-05-30" }],
    ["the music event last Saturday", { since: "2023-05-26", until: "2023-05-29" }],
    ["the past weekend", { since: "2023-05-26", until: "2023-05-29" }],
    ["which airline did I fly in March and April?", { since: "2023-03-01", until: "2023-04-30" }],
    // A month after the one asked in is last year's.
    ["museums I visited in December", { since: "2022-12-01", until: "2022-12-31" }],
  ])("%s", (query, window) => {
    expect(timeWindowOf(query, ASKED)).toEqual(window);
  });

  test.each([
    "How many days ago did I meet Emma?",
    "What should I serve for dinner this weekend?",
    "Which may be better, tea or coffee?",
    "What is my favourite colour?",
  ])("no window: %s", (query) => {
    expect(timeWindowOf(query, ASKED)).toBeUndefined();
  });

  test("a window reaches back a century at most, so its days compare as text", () => {
    // Found by the property below: "999 years ago" asked in 1999 began in year 999 ("999-…" > "1000-…").
    expect(timeWindowOf("999 years ago", new Date(1999, 5, 1))).toEqual({
      since: "1899-06-25",
      until: "1899-06-25",
    });
  });

  test("an invalid date gives no window rather than a throw", () => {
    expect(timeWindowOf("two weeks ago", new Date(Number.NaN))).toBeUndefined();
  });

  test("any text and date: no throw, and a window's first day is not after its last", () => {
    const phrase = fc.constantFrom(
      "ago",
      "last",
      "past",
      "yesterday",
      "in march",
      "and december",
      "weekend",
      "999 years",
      "couple of weeks",
      "a day",
    );
    const query = fc
      .array(fc.oneof(phrase, fc.string({ maxLength: 8 })), { maxLength: 8 })
      .map((parts) => parts.join(" "));
    const asked = fc.date({ min: new Date("1100-01-01"), max: new Date("2100-01-01"), noInvalidDate: true });
    fc.assert(
      fc.property(query, asked, (text, date) => {
        const window = timeWindowOf(text, date);
        if (window) expect(window.since <= window.until).toBe(true);
      }),
    );
  });
});

describe("inWindow and filterWithin", () => {
  const window = { since: "2023-05-12", until: "2023-05-20" };

  test("days on the bounds are in; a chunk without a date is not", () => {
    expect(inWindow("2023-05-12", window)).toBe(true);
    expect(inWindow("2023-05-20T23:59", window)).toBe(true);
    expect(inWindow("2023-05-21", window)).toBe(false);
    expect(inWindow(undefined, window)).toBe(false);
  });

  test("the caller's filter is narrowed to the window, never widened", () => {
    const day = fc
      .date({ min: new Date("2023-01-01"), max: new Date("2023-12-31"), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.option(day, { nil: undefined }), fc.option(day, { nil: undefined }), (since, until) => {
        const narrowed = filterWithin({ kind: "message", since, until }, window);
        if (!narrowed) {
          expect(
            (since ?? "") > window.until || (until ?? "9") < window.since || (since ?? "") > (until ?? "9"),
          ).toBe(true);
          return;
        }
        expect(narrowed.kind).toBe("message");
        expect(narrowed.since && narrowed.since >= window.since && narrowed.since >= (since ?? "")).toBe(
          true,
        );
        expect(narrowed.until && narrowed.until <= window.until && narrowed.until <= (until ?? "9")).toBe(
          true,
        );
      }),
    );
  });
});
