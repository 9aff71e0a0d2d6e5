import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { factSignature, signaturesAgree } from "./fact-signature.js";
import { canonicalText } from "./fact-tokens.js";

const agree = (first: string, second: string) => signaturesAgree(factSignature(first), factSignature(second));

// Messages are built from phrases; a phrase holding a fact is wrapped in filler words, so moving
// phrases around never puts a number next to another phrase's unit or date.
const FILLER = ["the", "build", "report", "team", "review", "ready", "server", "shipped", "queue", "with"];
const NAMES = ["Alice", "Priya", "Kowalski", "Frankfurt", "Globex", "Jenkins", "Lisbon", "Acme"];
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const MONTHS = ["January", "March", "April", "June", "October", "December"];
const RELATIVE = ["tomorrow", "today", "yesterday", "next week", "this week", "next month", "tonight"];

const filler = fc.constantFrom(...FILLER);
/** Up to the minutes of a day, so that every shape below writes two values differently. */
const count = fc.integer({ min: 0, max: 1439 });
/** One number in one of the shapes people write, as a function of its value. */
const numberShape = fc.constantFrom(
  (value: number) => String(value),
  (value: number) => value.toLocaleString("en-US"),
  (value: number) => `$${value.toLocaleString("en-US")}`,
  (value: number) => `${value}%`,
  (value: number) => `${value} euros`,
  (value: number) => `2.${value}.1`,
  (value: number) => `${Math.floor(value / 60)}:${String(value % 60).padStart(2, "0")}`,
);
const fact = fc.oneof(
  fc.tuple(count, numberShape).map(([value, shape]) => shape(value)),
  fc.constantFrom(...WEEKDAYS, ...MONTHS, ...RELATIVE),
  fc.constantFrom("not", "never", "doesn't", "cannot", "no longer", "cancelled", "called off"),
  fc.constantFrom(...NAMES, "@dana", "ops@example.com", "https://docs.example.com/v2", "settings.yaml"),
  fc.constantFrom("test_user_login", "eu-west-1", "feature/search-cache"),
);
const phrase = fc.oneof(
  filler,
  fc.tuple(filler, fact, filler).map((words) => words.join(" ")),
);
const phrases = fc.array(phrase, { minLength: 1, maxLength: 6 });

const caseOf = fc.constantFrom(
  (word: string) => word.toLowerCase(),
  (word: string) => word.toUpperCase(),
  (word: string) => word.charAt(0).toUpperCase() + word.slice(1),
  (word: string) => word,
);
const recase = fc.array(caseOf, { minLength: 1, maxLength: 8 }).map(
  (cases) => (text: string) =>
    text
      .split(" ")
      .map((word, index) => (cases[index % cases.length] as (word: string) => string)(word))
      .join(" "),
);
const before = fc.constantFrom("", "", "(", '"', "'", "“", "*");
const after = fc.constantFrom("", "", ".", ",", "!", "?", ";", ":", ")", '"', "!!", "…");
const space = fc.constantFrom(" ", "  ", "\n", "\t", " \n ");
const punctuate = fc.array(fc.tuple(before, after, space), { minLength: 1, maxLength: 8 }).map(
  (marks) => (text: string) =>
    text
      .split(" ")
      .map((word, index) => {
        const [open, close, gap] = marks[index % marks.length] as [string, string, string];
        return `${gap}${open}${word}${close}`;
      })
      .join(""),
);

describe("factSignature", () => {
  test.prop([phrases, recase, punctuate])(
    "case, punctuation and spacing change neither the canonical text nor what the signature compares",
    (parts, changeCase, addPunctuation) => {
      const text = parts.join(" ");
      const variant = addPunctuation(changeCase(text));
      expect(canonicalText(variant)).toBe(canonicalText(text));
      const [original, changed] = [factSignature(text), factSignature(variant)];
      expect(changed.numbers).toEqual(original.numbers);
      expect(changed.dates).toEqual(original.dates);
      expect(changed.negations).toEqual(original.negations);
      expect(changed.words).toEqual(original.words);
      expect(signaturesAgree(original, changed)).toBe(true);
    },
  );

  test.prop([phrases, fc.infiniteStream(fc.nat())])(
    "the order of phrases does not matter",
    (parts, randomness) => {
      const shuffled = [...parts];
      const draws = randomness[Symbol.iterator]();
      for (let index = shuffled.length - 1; index > 0; index--) {
        const other = (draws.next().value as number) % (index + 1);
        [shuffled[index], shuffled[other]] = [shuffled[other] as string, shuffled[index] as string];
      }
      expect(agree(parts.join(" "), shuffled.join(" "))).toBe(true);
    },
  );

  test.prop([phrases, phrases, count, count, numberShape, recase])(
    "changing one number always breaks agreement, whatever the case",
    (head, tail, value, otherValue, shape, changeCase) => {
      fc.pre(value !== otherValue);
      const text = (number: number) => [...head, `for ${shape(number)} with`, ...tail].join(" ");
      expect(agree(text(value), changeCase(text(otherValue)))).toBe(false);
    },
  );

  test.prop([phrases, phrases, fc.constantFrom(...WEEKDAYS, ...MONTHS, ...RELATIVE), fc.nat()])(
    "changing a date always breaks agreement",
    (head, tail, date, pick) => {
      const dates = [...WEEKDAYS, ...MONTHS, ...RELATIVE].filter((other) => other !== date);
      const otherDate = dates[pick % dates.length] as string;
      const text = (when: string) => [...head, `on ${when} the`, ...tail].join(" ");
      expect(agree(text(date), text(otherDate))).toBe(false);
    },
  );

  test.prop([
    phrases,
    fc.nat(),
    fc.constantFrom("not", "never", "no longer", "isn't", "cancelled", "called off"),
  ])("adding a negation or a cancellation between phrases always breaks agreement", (parts, at, negation) => {
    const position = at % (parts.length + 1);
    const negated = [...parts.slice(0, position), negation, ...parts.slice(position)];
    expect(agree(parts.join(" "), negated.join(" "))).toBe(false);
  });

  test.prop([phrases, phrases, fc.constantFrom(...NAMES), fc.constantFrom(...NAMES), recase])(
    "changing a capitalised name always breaks agreement, even when either text loses its capitals",
    (head, tail, name, otherName, changeCase) => {
      const text = (who: string) => [...head, `by ${who} with`, ...tail].join(" ");
      fc.pre(name !== otherName && !text(name).includes(otherName) && !text(otherName).includes(name));
      expect(agree(text(name), changeCase(text(otherName)))).toBe(false);
      expect(agree(changeCase(text(name)), text(otherName))).toBe(false);
    },
  );

  test.prop([fc.string({ maxLength: 60 }), recase])(
    "any text agrees with itself recased",
    (text, changeCase) => {
      expect(agree(text, changeCase(text))).toBe(true);
      expect(canonicalText(canonicalText(text))).toBe(canonicalText(text));
    },
  );
});

describe("factSignature reads the same fact written different ways", () => {
  test.each([
    ["Retry up to 5 times", "Retry up to five times"],
    ["The call is at 3 pm", "The call is at 15:00"],
    ["The call is at 3pm", "the call is at 3 p.m."],
    ["The bill came to $1,200", "The bill came to 1200 dollars"],
    ["Error rate is 0.5%", "Error rate is 0.5 percent"],
    ["Upgrade Node to version 20.11", "Upgrade Node to v20.11"],
    ["The table holds 12 million rows", "The table holds 12,000,000 rows"],
    ["The budget is two hundred thousand euros", "The budget is 200,000 EUR"],
    ["Search answers within 200ms", "Search answers within 200 milliseconds"],
    ["Payroll runs on the 25th", "Payroll runs on the 25"],
    ["Don't merge on Fridays", "Do not merge on Friday"],
    ["We no longer support IE", "We don't support IE anymore"],
    ["Friday's retro is canceled", "The retro on Friday is cancelled"],
    ["I'm reviewing the PR", "i'm reviewing the pr"],
    ["DEPLOY THE FIX TONIGHT", "Deploy the fix tonight"],
  ])("%s ≈ %s", (first, second) => {
    expect(agree(first, second)).toBe(true);
  });
});

describe("factSignature tells different facts apart", () => {
  test.each([
    ["version 2.3.1 released", "version 2.3.2 released"],
    ["Error rate dropped to 0.5%", "Error rate dropped to 0.05%"],
    ["The bill came to $1,200", "The bill came to €1,200"],
    ["The disk holds 5 GB", "The disk holds 5 MB"],
    ["The call is at 3 pm", "The call is at 3 am"],
    ["The certificate expires on May 3", "The certificate expires on May 13"],
    ["The demo is next week", "The demo is this week"],
    ["The trial ends in two weeks", "The trial ends in two months"],
    ["Backups run nightly", "Backups run weekly"],
    ["The retro is on", "The retro is called off"],
    ["The demo is cancelled", "The demo is postponed"],
    ["The team can merge without review", "The team can't merge without review"],
    ["Ping @dana about the outage", "Ping @omar about the outage"],
    ["Deploy the fix", "Deploy the fix to Frankfurt"],
    ["Alice will review it", "bob will review it"],
  ])("%s ≠ %s", (first, second) => {
    expect(agree(first, second)).toBe(false);
  });

  test("reads long runs of punctuation and odd e-mail-like words in linear time", () => {
    const started = performance.now();
    for (const text of [
      `${"!".repeat(50_000)}x`,
      `${".".repeat(25_000)}${'"'.repeat(25_000)}x`,
      `a@${".".repeat(60_000)}@`,
    ]) {
      factSignature(text);
      canonicalText(text);
    }
    expect(performance.now() - started).toBeLessThan(1000); // quadratic regular expressions took 40 s
  });

  test("reads 'may' as a month only next to a number, and ignores what is neither fact nor name", () => {
    expect(factSignature("We may ship on May 3").dates).toEqual(["may"]);
    expect(factSignature("the build is green").names).toEqual([]);
    expect(factSignature("发布推迟到下周五")).toMatchObject({ numbers: [], dates: [], names: [] });
  });
});
