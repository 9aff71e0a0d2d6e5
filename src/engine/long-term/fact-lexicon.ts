/**
 * The English words that carry facts in a message (issue 12, point 5), for fact-signature.ts. Each
 * maps to the form that is compared, so that two ways of writing the same fact agree ("five" and
 * "5", "Fri" and "Friday", "don't" and "not") while two different facts never do.
 *
 * Deliberately small and literal: a word that is only sometimes a fact ("may", "sun", "sat", "wed")
 * is left out or read only next to a number, because reading it as a fact splits paraphrases.
 */

function table(entries: string): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const entry of entries.trim().split(/\s+/u)) {
    const [words = "", value = words] = entry.split("=");
    for (const word of words.split("|")) map.set(word, value);
  }
  return map;
}

/** Number words and their values; a scale word multiplies what comes before it. */
export const NUMBER_WORDS = table(`
  zero=0 one=1 two=2 three=3 four=4 five=5 six=6 seven=7 eight=8 nine=9 ten=10 eleven=11 twelve=12
  thirteen=13 fourteen=14 fifteen=15 sixteen=16 seventeen=17 eighteen=18 nineteen=19 twenty=20
  thirty=30 forty=40 fifty=50 sixty=60 seventy=70 eighty=80 ninety=90 dozen=12 first=1 third=3
  fourth=4 fifth=5 sixth=6 seventh=7 eighth=8 ninth=9 tenth=10 eleventh=11 twelfth=12 twentieth=20
`);
export const SCALE_WORDS = table("hundred=100 thousand=1000 million=1000000 billion=1000000000");

/**
 * Currencies, the percentage and sizes, read only right after a number (or, for a symbol, right
 * before one): "$5" and "5 dollars" agree, "5 USD" and "5 EUR" do not.
 */
export const UNIT_WORDS = table(`
  $|usd|dollar|dollars=usd €|eur|euro|euros=eur £|gbp|pound|pounds=gbp ¥|jpy|yen=jpy
  chf|francs|franc=chf %|percent|pct|per-cent=%
  b|byte|bytes=byte kb|kib|kilobyte|kilobytes=kb mb|mib|megabyte|megabytes=mb gb|gib|gigabyte|gigabytes=gb
  tb|tib|terabyte|terabytes=tb px|pixel|pixels=px x=x
`);

/** Calendar words, times of day, frequencies and units of time; one-letter units only after a number. */
export const DATE_WORDS = table(`
  monday|mondays|mon=monday tuesday|tuesdays|tue|tues=tuesday wednesday|wednesdays=wednesday
  thursday|thursdays|thu|thur|thurs=thursday friday|fridays|fri=friday saturday|saturdays=saturday
  sunday|sundays=sunday january|jan=january february|feb=february march|mar=march april|apr=april
  june|jun=june july|jul=july august|aug=august september|sep|sept=september october|oct=october
  november|nov=november december|dec=december
  today tomorrow yesterday tonight noon midnight morning afternoon evening night weekend eod eow
  daily nightly weekly biweekly fortnightly monthly quarterly yearly annually annual hourly
  ms|millisecond|milliseconds=millisecond s|sec|secs|second|seconds=second min|mins|minute|minutes=minute
  h|hr|hrs|hour|hours=hour d|day|days=day week|weeks=week fortnight|fortnights=fortnight
  month|months=month quarter|quarters=quarter year|years|yr|yrs=year
`);

/** Read as the month only next to a number ("May 3", "3 May"); otherwise it is the verb. */
export const MAY = "may";

/** Words that turn a following date word into another date: "next week" is not "this week". */
export const DATE_MODIFIERS: ReadonlySet<string> = new Set(
  "next last this previous coming past following upcoming every each".split(" "),
);

export const AM_PM = table("am|a.m=am pm|p.m=pm");

/**
 * Negations, read as "not", cancellations and postponements: a message and its negation, its
 * cancellation or its postponement are different news. "no longer" counts once, like "not … anymore".
 */
export const NEGATION_WORDS = table(`
  not|no|never|none|nothing|nobody|nowhere|neither|nor|cannot|without|nope=not
  cancel|cancels|cancelled|canceled|cancelling|canceling|cancellation=cancelled
  abort|aborts|aborted|scrap|scrapped|revoke|revoked|withdraw|withdrawn=cancelled
  postpone|postpones|postponed=postponed
`);
/** "called off", "calls off": a cancellation in two words. */
export const CALL_OFF = { verbs: new Set(["call", "calls", "called", "calling"]), particle: "off" };

/** "don't", "can't", "won't", "isn't" …: the contraction is a negation, also without its apostrophe. */
export const NEGATED_CONTRACTION =
  /n't$|^(?:ai|are|ca|could|did|does|do|had|has|have|is|might|must|need|should|was|were|wo|would)nt$/u;
