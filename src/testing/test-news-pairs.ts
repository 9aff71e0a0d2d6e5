/**
 * Pairs of agent messages for long-term memory's "is this news?" rule (seed 004, issue 12): a
 * message was stored, then `observed` arrives. Written by hand for bench/long-term/news-pairs.ts and
 * src/engine/long-term/news-pairs.test.ts.
 *
 *  - update: the same sentence with one fact changed (a number, a date, a negation, a name). It is
 *    NEWS: hiding it hides a real change from the agent.
 *  - paraphrase: the same facts said differently (case and punctuation, word order, synonyms). It
 *    should be KNOWN; when it is not, the agent only hears something twice.
 *  - exact: the same text again. It is KNOWN.
 *  - wording: one word changed that no fact signature reads ("export" → "import", "passed" →
 *    "failed"). NEWS as well, measured to choose the threshold, not promised.
 */
export type NewsPairGroup = "update" | "paraphrase" | "exact" | "wording";

export interface NewsPair {
  group: NewsPairGroup;
  /** What changed: number, date, negation, name; case-punctuation, word-order, synonym; exact; wording. */
  kind: string;
  stored: string;
  observed: string;
}

type Pairs = ReadonlyArray<readonly [string, string]>;

const NUMBER_UPDATES: Pairs = [
  ["version 2.3.1 released", "version 2.3.2 released"],
  ["The API rate limit is 100 requests per minute", "The API rate limit is 120 requests per minute"],
  ["Test coverage is at 85% on the main branch", "Test coverage is at 87% on the main branch"],
  ["The monthly hosting bill came to $1,200", "The monthly hosting bill came to $1,250"],
  ["Deploy scheduled for 10:30 on the staging cluster", "Deploy scheduled for 11:30 on the staging cluster"],
  ["The build takes 14 minutes on CI", "The build takes 24 minutes on CI"],
  ["We have 3 open blockers for the release", "We have 4 open blockers for the release"],
  ["Upgrade Node to version 20.11 in the Docker image", "Upgrade Node to version 20.12 in the Docker image"],
  [
    "Search must return results within 200 milliseconds",
    "Search must return results within 300 milliseconds",
  ],
  ["Retry failed uploads up to five times", "Retry failed uploads up to six times"],
  [
    "The team agreed on a budget of 40,000 euros for the quarter",
    "The team agreed on a budget of 45,000 euros for the quarter",
  ],
  ["Error rate dropped to 0.5% after the fix", "Error rate dropped to 0.05% after the fix"],
  ["The orders table holds 12 million rows", "The orders table holds 13 million rows"],
  ["Sprint 14 starts with the payment work", "Sprint 15 starts with the payment work"],
  ["PR #482 fixes the login redirect", "PR #483 fixes the login redirect"],
  ["Set the cache TTL to 3600 seconds", "Set the cache TTL to 360 seconds"],
  ["Python 3.11 is required for the data pipeline", "Python 3.12 is required for the data pipeline"],
  ["The meeting room holds 8 people", "The meeting room holds 10 people"],
];

const DATE_UPDATES: Pairs = [
  ["The release is planned for tomorrow", "The release is planned for today"],
  ["Standup moves to Monday", "Standup moves to Tuesday"],
  ["The contract renews in March", "The contract renews in April"],
  ["Code freeze starts on 2024-06-14", "Code freeze starts on 2024-06-21"],
  ["The demo is next week", "The demo is this week"],
  ["Ship the beta on Friday", "Ship the beta on Thursday"],
  ["Payroll runs on the 25th of each month", "Payroll runs on the 28th of each month"],
  ["The certificate expires on May 3", "The certificate expires on May 13"],
  ["The quarterly review happens in October", "The quarterly review happens in November"],
  ["Customer call at 3pm tomorrow", "Customer call at 3pm on Wednesday"],
  ["The database migration finished yesterday", "The database migration finished today"],
  ["Backups of the wiki run nightly", "Backups of the wiki run weekly"],
  ["The team offsite is in September", "The team offsite is in December"],
  ["The launch window opens this weekend", "The launch window opens next weekend"],
  ["The free trial ends in two weeks", "The free trial ends in two months"],
  ["Invoices are due by the end of January", "Invoices are due by the end of February"],
  ["The on-call rotation changes every Sunday", "The on-call rotation changes every Saturday"],
  ["The security audit is scheduled for next month", "The security audit is scheduled for next quarter"],
];

const NEGATION_UPDATES: Pairs = [
  ["The staging server is reachable", "The staging server is not reachable"],
  ["We will support Internet Explorer", "We will no longer support Internet Explorer"],
  ["The feature flag was enabled in production", "The feature flag was never enabled in production"],
  ["The migration script deletes old sessions", "The migration script doesn't delete old sessions"],
  ["Friday's retro is on", "Friday's retro is cancelled"],
  ["Users can export their notes as Markdown files", "Users cannot export their notes as Markdown files"],
  ["The bug reproduces on Android", "The bug does not reproduce on Android"],
  ["The client approved the new design", "The client has not approved the new design"],
  ["We need a database migration for this change", "We need no database migration for this change"],
  ["The nightly job sends email reports", "The nightly job no longer sends email reports"],
  ["The vendor meeting on Thursday will take place", "The vendor meeting on Thursday was canceled"],
  ["Login works with single sign-on", "Login doesn't work with single sign-on"],
  ["The API key has been rotated", "The API key hasn't been rotated"],
  ["Caching is required for the search endpoint", "Caching is not required for the search endpoint"],
  ["The load test passed with the new settings", "The load test never passed with the new settings"],
  ["Dark mode ships in this release", "Dark mode won't ship in this release"],
  ["The team can merge without review", "The team can't merge without review"],
  ["The offsite in Lisbon is confirmed", "The offsite in Lisbon is called off"],
];

const NAME_UPDATES: Pairs = [
  ["Alice will review the pull request", "Bob will review the pull request"],
  ["Assign the ticket to Maria", "Assign the ticket to Priya"],
  ["The design was approved by Chen", "The design was approved by Kowalski"],
  ["Ping @dana about the outage", "Ping @omar about the outage"],
  ["Deploy the fix to eu-west-1", "Deploy the fix to us-east-1"],
  ["The config lives in settings.yaml", "The config lives in settings.json"],
  ["Send the weekly report to ops@example.com", "Send the weekly report to finance@example.com"],
  [
    "The setup guide is at https://docs.example.com/v2/setup",
    "The setup guide is at https://docs.example.com/v3/setup",
  ],
  ["We are migrating from PostgreSQL to MySQL", "We are migrating from PostgreSQL to MongoDB"],
  ["The customer Acme asked for a refund", "The customer Globex asked for a refund"],
  ["Call parseConfig before the server starts", "Call loadConfig before the server starts"],
  ["The failing test is test_user_login", "The failing test is test_user_logout"],
  ["Host the static assets on Cloudflare", "Host the static assets on Fastly"],
  ["The incident started in the Frankfurt region", "The incident started in the Dublin region"],
  ["Review the branch feature/search-cache", "Review the branch feature/search-index"],
  ["Microsoft sponsors the hackathon this year", "Google sponsors the hackathon this year"],
  [
    "Edit src/engine/long-term/similarity.ts to change the threshold",
    "Edit src/engine/long-term/long-term-memory.ts to change the threshold",
  ],
  ["The pipeline runs on Jenkins", "The pipeline runs on CircleCI"],
];

const CASE_AND_PUNCTUATION: Pairs = [
  ["version 2.3.1 released", "Version 2.3.1 released!"],
  ["The build is green.", "the build is green"],
  ["Deploy the fix tonight", "DEPLOY THE FIX TONIGHT"],
  [
    "Search must return results within 200 milliseconds",
    "Search must return results within 200 milliseconds!!",
  ],
  ["Ping @dana about the outage", "ping @Dana about the outage."],
  ["Standup moves to Monday", "  Standup   moves to\nMonday  "],
  ["Ship it, please", "Ship it please."],
  ['The config lives in "settings.yaml"', "The config lives in settings.yaml"],
  ["Users can export notes (as Markdown)", "Users can export notes as Markdown"],
  ["Heads up: the API key has been rotated", "Heads up - the API key has been rotated!"],
  ["The release is planned for tomorrow", "The release is planned for tomorrow!"],
  ["We have 3 open blockers for the release", "we have 3 open blockers for the release."],
  ["Alice will review the pull request", "ALICE WILL REVIEW THE PULL REQUEST"],
  ["The staging server is not reachable", "The staging server is NOT reachable!"],
  ["Code freeze starts on 2024-06-14", "Code freeze starts on 2024-06-14."],
  ["The monthly hosting bill came to $1,200", "The monthly hosting bill came to $1,200!"],
  ["Error rate dropped to 0.5% after the fix", "Error rate dropped to 0.5 % after the fix"],
  ["The docs are at https://docs.example.com/setup", "The docs are at https://docs.example.com/setup."],
  ["Don't merge on Fridays", "Don’t merge on Fridays!"],
  ["Tests pass on main; ship it", "Tests pass on main, ship it."],
  ["The customer Acme asked for a refund", "the customer acme asked for a refund"],
  ["Customer call at 3pm tomorrow", "Customer call at 3 pm tomorrow"],
  ["Upgrade Node to version 20.11", "Upgrade Node to v20.11"],
  ["Retry failed uploads up to 5 times", "Retry failed uploads up to five times"],
];

const WORD_ORDER: Pairs = [
  ["Tomorrow we deploy version 3", "We deploy version 3 tomorrow"],
  ["On Monday the standup moves to 10:00", "The standup moves to 10:00 on Monday"],
  ["Alice will review the pull request", "The pull request will be reviewed by Alice"],
  ["In March the contract renews", "The contract renews in March"],
  ["Because of the outage, the release slips to Friday", "The release slips to Friday because of the outage"],
  ["After the fix the error rate dropped to 0.5%", "The error rate dropped to 0.5% after the fix"],
  ["For the data pipeline Python 3.11 is required", "Python 3.11 is required for the data pipeline"],
  [
    "Within 200 milliseconds search must return results",
    "Search must return results within 200 milliseconds",
  ],
  ["Next week is the demo", "The demo is next week"],
  ["With single sign-on login works", "Login works with single sign-on"],
  ["On CI the build takes 14 minutes", "The build takes 14 minutes on CI"],
  ["To Maria assign the ticket", "Assign the ticket to Maria"],
  ["By Chen the design was approved", "The design was approved by Chen"],
  ["Every Sunday the on-call rotation changes", "The on-call rotation changes every Sunday"],
  ["In production the feature flag was enabled", "The feature flag was enabled in production"],
  ["For the release we have 3 open blockers", "We have 3 open blockers for the release"],
  ["The hackathon is sponsored by Microsoft this year", "This year Microsoft sponsors the hackathon"],
  ["Yesterday the database migration finished", "The database migration finished yesterday"],
  ["Markdown export of notes is available to users", "Users can export notes to Markdown"],
  ["For the search endpoint caching is required", "Caching is required for the search endpoint"],
  ["In the Frankfurt region the incident started", "The incident started in the Frankfurt region"],
  ["On Android the bug reproduces", "The bug reproduces on Android"],
  ["To ops@example.com send the weekly report", "Send the weekly report to ops@example.com"],
  ["Dark mode ships in this release, not the next", "In this release dark mode ships, not in the next"],
];

const SYNONYMS: Pairs = [
  ["The build failed on CI", "The build broke on CI"],
  ["Ship the beta on Friday", "Release the beta on Friday"],
  [
    "Search must return results within 200 milliseconds",
    "Search has to return results within 200 milliseconds",
  ],
  ["The staging server is down", "The staging server is offline"],
  ["The client approved the new design", "The client signed off on the new design"],
  ["We need to fix the login bug", "We have to fix the login bug"],
  ["The demo is next week", "The demo takes place next week"],
  ["The team agreed on a budget of 40,000 euros", "The team settled on a budget of 40,000 euros"],
  [
    "Users can export their notes as Markdown files",
    "Users are able to export their notes as Markdown files",
  ],
  ["The API rate limit is 100 requests per minute", "The API rate limit is 100 calls per minute"],
  ["The database migration finished yesterday", "The database migration completed yesterday"],
  ["Please review the pull request", "Kindly review the pull request"],
  ["The nightly job sends email reports", "The nightly job emails reports"],
  ["Assign the ticket to Maria", "Give the ticket to Maria"],
  ["The orders table holds 12 million rows", "The orders table contains 12 million rows"],
  ["The release is planned for tomorrow", "The release is scheduled for tomorrow"],
  ["Start the load test after lunch", "Begin the load test after lunch"],
  ["The certificate expires on May 3", "The certificate runs out on May 3"],
  ["We are moving from PostgreSQL to MySQL", "We are migrating from PostgreSQL to MySQL"],
  ["The bug reproduces on Android", "The bug shows up on Android"],
  ["The meeting room holds 8 people", "The meeting room seats 8 people"],
  ["Fix the typo in the header", "Correct the typo in the header"],
  ["The error rate dropped to 0.5% after the fix", "The error rate fell to 0.5% after the fix"],
  ["Host the static assets on Cloudflare", "Serve the static assets from Cloudflare"],
];

const EXACT: readonly string[] = [
  "version 2.3.1 released",
  "The API rate limit is 100 requests per minute",
  "Alice will review the pull request",
  "The staging server is not reachable",
  "Code freeze starts on 2024-06-14",
  "Ping @dana about the outage",
  "The setup guide is at https://docs.example.com/v2/setup",
  "Friday's retro is cancelled",
  "Users can export their notes as Markdown files",
  "The release is planned for tomorrow",
  "Send the weekly report to ops@example.com",
  "Error rate dropped to 0.5% after the fix",
  "Call parseConfig before the server starts",
  "We will no longer support Internet Explorer",
  "The monthly hosting bill came to $1,200",
  "Good morning everyone",
  "ok",
  "Remove the legacy sync protocol",
  "The failing test is test_user_login",
  "Deploy scheduled for 10:30 on the staging cluster",
  "Standup moves to Monday",
  "发布推迟到下周五",
  "The incident started in the Frankfurt region",
  "Tests pass on main; ship it!",
  "Don't merge on Fridays",
  "The free trial ends in two weeks",
  "Edit src/engine/long-term/similarity.ts to change the threshold",
  "Q3 revenue grew 12% year over year, led by the EMEA region",
  "Requirement: users can sign in with GitHub or Google.\nAcceptance: both buttons appear on the login page.",
  "The orders table holds 12 million rows",
];

const WORDING_CHANGES: Pairs = [
  ["Users can export their notes as Markdown files", "Users can import their notes as Markdown files"],
  ["The load test passed with the new settings", "The load test failed with the new settings"],
  ["Enable the feature flag in production", "Disable the feature flag in production"],
  ["Add the admin role to the new account", "Remove the admin role from the new account"],
  ["The staging server is up", "The staging server is down"],
  ["Increase the request timeout", "Decrease the request timeout"],
  ["The pull request was approved", "The pull request was rejected"],
  ["The deploy succeeded", "The deploy failed"],
  ["Open the incident channel", "Close the incident channel"],
  ["The cache is warm", "The cache is cold"],
  ["Latency went up after the release", "Latency went down after the release"],
  ["Merge the branch before the release", "Merge the branch after the release"],
  ["The public API is stable", "The public API is deprecated"],
  ["Encrypt the backups at rest", "Compress the backups at rest"],
  ["Read access for the interns", "Write access for the interns"],
  ["The job runs on the primary database", "The job runs on the replica database"],
];

function group(kind: string, pairs: Pairs, name: NewsPairGroup): NewsPair[] {
  return pairs.map(([stored, observed]) => ({ group: name, kind, stored, observed }));
}

/** Every pair, grouped, in a fixed order. */
export function newsPairs(): NewsPair[] {
  return [
    ...group("number", NUMBER_UPDATES, "update"),
    ...group("date", DATE_UPDATES, "update"),
    ...group("negation", NEGATION_UPDATES, "update"),
    ...group("name", NAME_UPDATES, "update"),
    ...group("case-punctuation", CASE_AND_PUNCTUATION, "paraphrase"),
    ...group("word-order", WORD_ORDER, "paraphrase"),
    ...group("synonym", SYNONYMS, "paraphrase"),
    ...EXACT.map((text): NewsPair => ({ group: "exact", kind: "exact", stored: text, observed: text })),
    ...group("wording", WORDING_CHANGES, "wording"),
  ];
}
