import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { answerEvidence, answerTypeOf } from "./answer-type.js";

/** Whether `text` states the kind of answer `question` asks for. */
const answers = (question: string, text: string) => answerTypeOf(question)?.answers(text) ?? false;

describe("answerTypeOf: the stated quantity a question asks for", () => {
  test.each([
    ["How many hours have I spent playing games in total?", "quantity"],
    ["How much did I spend on each coffee mug for my coworkers?", "money"],
    ["What is the total cost of the car cover and detailing spray I purchased?", "money"],
    ["How long is my daily commute to work?", "quantity"],
    ["What is the total distance I covered in my four road trips?", "quantity"],
    ["What is the total weight of the new feed I purchased?", "quantity"],
    ["What percentage discount did I get on the book?", "percentage"],
    ["What time did I reach the clinic on Monday?", "time of day"],
    ["How old was I when Alex was born?", "age"],
    ["What is the total number of goals and assists I have?", "quantity"],
    ["Which grocery store did I spend the most money at?", "money"],
    ["Which platform did I gain the most followers on?", "quantity"],
    // Comparing ages needs each age, as stated.
    ["How many years older am I than when I graduated from college?", "age"],
  ])("%s → %s", (question, kind) => {
    expect(answerTypeOf(question)?.kind).toBe(kind);
  });

  test.each([
    // Worked out from dates, which the time window reads from the memories' timestamps.
    "How many weeks ago did I meet up with my aunt?",
    "How many days had passed between the Sunday mass and the Ash Wednesday service?",
    "How many months before my anniversary did Rachel get engaged?",
    // Not a quantity at all.
    "Which grocery store did I shop at most?",
    "What did I tell you about the concert last month?",
    "",
  ])("asks for no stated quantity: %s", (question) => {
    expect(answerTypeOf(question)).toBeUndefined();
  });

  test.each([
    ["How many hours have I spent playing games in total?", "Celeste took me 10 hours to complete."],
    ["How many hours have I spent playing games in total?", "I spent around seventy hours on it."],
    ["How many pages do I have left to read?", "I'm on page 120 of 440 pages."],
    ["How many fitness classes do I attend?", "I go to two classes a week."],
    ["How many fitness classes do I attend?", "I take 3 spin classes."],
    ["How much did I spend on the boots?", "They were $120, on sale."],
    ["What is the total amount I earned at the markets?", "I made 250 dollars on Saturday."],
    ["How long did I wait for the decision?", "It took about 6 months to hear back."],
    ["What is the total distance of the hikes?", "The first trail was 5 miles."],
    ["What percentage discount did I get?", "I got 20% off."],
    ["What time did I reach the clinic?", "I got there at 9:30 am."],
    ["How old was I when Alex was born?", "I was 28 years old then."],
    ["How many minutes did I exceed my target time by?", "I finished the marathon in 4h 22min."],
    ["Which grocery store did I spend the most money at?", "I spent $75 at SaveMart."],
    ["Which platform did I gain the most followers on?", "I got 120 new followers on TikTok."],
    ["How many types of citrus fruits have I used?", "I've used 3 citrus fruits so far."],
    ["What is the total distance of the hikes?", "I did a 3-mile loop trail."],
    ["How many years older am I than when I graduated?", "As a 32-year-old specialist, I…"],
  ])("%s is answered by: %s", (question, text) => {
    expect(answers(question, text)).toBe(true);
  });

  test.each([
    ["How many hours have I spent playing games in total?", "I love open-world games like Zelda."],
    ["How many hours have I spent playing games in total?", "I bought 2 games last week."],
    ["How many fitness classes do I attend?", "I go to Zumba on Tuesdays."],
    ["How much did I spend on the boots?", "I bought 2 pairs of boots."],
    ["How long did I wait for the decision?", "The decision came in the mail."],
    ["What percentage discount did I get?", "I got a discount of 20 dollars."],
    ["What time did I reach the clinic?", "I reached the clinic on Monday."],
    ["How many types of citrus fruits have I used?", "I've tried 3 types of bitters."],
  ])("%s is not answered by: %s", (question, text) => {
    expect(answers(question, text)).toBe(false);
  });

  test("any question gives a usable pattern or none, and testing it on any text ends", () => {
    const words = fc.constantFrom(
      "how",
      "many",
      "much",
      "total",
      "number",
      "of",
      "hours",
      "spend",
      "percentage",
      "old",
      "what",
      "time",
      "did",
      "i",
      "(",
      "$",
      "[",
      "\\",
      "*",
      "10",
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(words, { maxLength: 12 }).map((parts) => parts.join(" ")),
        ),
        fc.string({ maxLength: 2000 }),
        (question, text) => {
          const type = answerTypeOf(question);
          if (type === undefined) return;
          expect(typeof type.answers(text)).toBe("boolean");
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("answerEvidence: how much a text reads as the answer", () => {
  const evidence = (question: string, text: string) => {
    const type = answerTypeOf(question);
    if (!type) throw new Error(`no answer type for ${question}`);
    return answerEvidence(type, text);
  };

  test.each([
    // Stated and named, stated, named, neither.
    ["How many fitness classes do I attend in a typical week?", "I take 3 Zumba classes a week.", 1.5],
    ["How many fitness classes do I attend in a typical week?", "I take 3 spin classes a week.", 1],
    ["How many fitness classes do I attend in a typical week?", "I usually take Zumba on Tuesdays.", 0.5],
    ["How many fitness classes do I attend in a typical week?", "I love working out after work.", 0],
    ["How many hours have I spent playing games in total?", "It took me 10 hours to beat Celeste.", 1.5],
    ["How many hours have I spent playing games in total?", "Any games like Celeste?", 0.5],
    // Not counting things: a name is no sign of an amount, a wait, or a count bounded by an event.
    ["How much did I spend on the boots?", "I got them at Zara.", 0],
    ["How much did I spend on the boots?", "I paid $120 at Zara.", 1],
    ["How long did I wait for the decision?", "The Home Office wrote back.", 0],
    ["How many books did I read before the trip to Lisbon?", "I finished Dune last week.", 0],
  ])("%s — %s → %s", (question, text, expected) => {
    expect(evidence(question, text)).toBe(expected);
  });
});
