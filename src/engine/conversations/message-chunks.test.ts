import { expect, test } from "vitest";
import type { LocatedTurn } from "./conversation-file.js";
import { messageChunks, messageIndexText } from "./message-chunks.js";

const at = "2026-10-05 10:00";
const turn = (speaker: string, text: string, number: number): LocatedTurn => ({
  turn: number,
  speaker,
  text,
  time: at,
  line: number * 4,
});

test("a person's message is searched under their name; a role's is not labelled", () => {
  expect(
    messageIndexText(
      { speaker: "Maria", text: "The ferry leaves from pier 3 every hour on weekdays." },
      undefined,
    ),
  ).toBe("Maria: The ferry leaves from pier 3 every hour on weekdays.");
  expect(
    messageIndexText({ speaker: "user", text: "We adopted a cat last Tuesday, with my sister." }, undefined),
  ).toBe("We adopted a cat last Tuesday, with my sister.");
});

test("a short reply is searched with the start of the turn it answers; a long one, or one's own follow-up, alone", () => {
  const options = turn(
    "assistant",
    "Here are four ways to Ostend: 1. the ferry 2. the night train 3. a rental car 4. a flight",
    1,
  );
  const pick = turn("user", "I'll go with option 1.", 2);
  const followUp = turn("user", "And we bring the bikes.", 3);
  const long = turn(
    "Maria",
    "Honestly the ferry sounds best to me, because I only get seasick on small boats and this one is big, and we could take the bikes along for free on the lower deck, have breakfast in the café upstairs while we cross, and still be on the island before the shops open and the beaches fill up with the day trippers.",
    4,
  );
  const [first, second, third, fourth] = messageChunks("conversations/s.md", [options, pick, followUp, long]);
  expect(first?.text).toBe(options.text);
  expect(second?.text).toBe(`${options.text}\nI'll go with option 1.`);
  expect(third?.text).toBe("And we bring the bikes.");
  expect(fourth?.text).toBe(`Maria: ${long.text}`);
});

test("the model's own short reply is searched alone: it must not outrank the user's turn it repeats", () => {
  const said = turn("user", "Yes, last Tuesday, with my sister.", 1);
  const reply = turn("assistant", "Then go again!", 2);
  const [, second] = messageChunks("conversations/s.md", [said, reply]);
  expect(second?.text).toBe("Then go again!");
  expect(messageIndexText({ speaker: "System", text: "Noted." }, said)).toBe("Noted.");
});

test("the turn before is cut to its first words and not named, so neither its length nor its speaker drowns the reply", () => {
  const before = turn("Tom", Array.from({ length: 100 }, (_, index) => `word${index}`).join(" "), 1);
  const text = messageIndexText({ speaker: "Maria", text: "Yes, on Sunday." }, before);
  expect(text).toMatch(/^word0 word1 .* word39 …\nMaria: Yes, on Sunday\.$/);
  expect(text).not.toContain("word40");
});

test("what a hit shows stays the turn: title, place and date are the message's own", () => {
  const [chunk] = messageChunks("conversations/s.md", [turn("Maria", "Yes, on Sunday.", 1)]);
  expect(chunk).toMatchObject({ kind: "message", locator: "1", line: 4, title: "Maria", date: "2026-10-05" });
});
