/**
 * The consolidation bench's written set (issue 30, point 3): sequences of saves an assistant or a
 * person makes over months, each ending with the save that is judged. Every sequence runs in its own
 * home, which first holds the 60 background memories of background-memories.ts.
 *
 * Groups, and what the last save should do:
 *  - exact: the same text again, maybe under another name, case or punctuation → unchanged;
 *  - near: the same facts with a few words changed → unchanged;
 *  - paraphrase: the same facts in other words → unchanged (no target: reported, not held to one);
 *  - refinement: the same fact with detail added → updated;
 *  - contradiction: the same subject with another value (a city, a time, a version, a person, a
 *    negation) → updated, and "as of" a date between the saves recall gives the version valid then;
 *  - unrelated: another subject, often sharing words with an earlier save → added, nothing touched.
 *
 * Written as people write notes, before the rules were: not shaped to them.
 */
export interface BenchSave {
  type: "user" | "feedback" | "project" | "reference";
  name: string;
  description?: string;
  content: string;
  /** YYYY-MM-DD: when the save is made. */
  at: string;
}

export type SequenceGroup = "exact" | "near" | "paraphrase" | "refinement" | "contradiction" | "unrelated";

export interface SaveSequence {
  id: string;
  group: SequenceGroup;
  /** The saves in order; the last one is judged. */
  saves: BenchSave[];
  /** What the last save should do, and to which existing memory (its name) for unchanged and updated. */
  expect: { action: "added" | "unchanged" | "updated"; memory?: string };
  /** "As of" checks: recall `question` as of `date`; the best memory hit must contain `holds`. */
  asOf?: { question: string; checks: Array<{ date: string; holds: string }> };
}

type Type = BenchSave["type"];
const save = (type: Type, name: string, content: string, at: string, description?: string): BenchSave => ({
  type,
  name,
  content,
  at,
  ...(description === undefined ? {} : { description }),
});
const user = (name: string, content: string, at: string, description?: string) =>
  save("user", name, content, at, description);
const feedback = (name: string, content: string, at: string, description?: string) =>
  save("feedback", name, content, at, description);
const project = (name: string, content: string, at: string, description?: string) =>
  save("project", name, content, at, description);
const reference = (name: string, content: string, at: string, description?: string) =>
  save("reference", name, content, at, description);

const unchanged = (memory: string) => ({ action: "unchanged" as const, memory });
const updated = (memory: string) => ({ action: "updated" as const, memory });
const added = { action: "added" as const };

const EXACT: SaveSequence[] = [
  {
    saves: [
      user("Home city", "Lives in Porto", "2026-01-10"),
      user("Home city", "Lives in Porto", "2026-02-01"),
    ],
    expect: unchanged("Home city"),
  },
  {
    saves: [
      project("Standup time", "Daily standup is at 9:30.", "2026-01-12"),
      project("Standup", "Daily standup is at 9:30.", "2026-03-02"),
    ],
    expect: unchanged("Standup time"),
  },
  {
    saves: [
      feedback("Prefers dark mode", "Prefers dark mode in every editor.", "2026-01-05"),
      feedback("dark mode", "prefers dark mode in every editor", "2026-02-20"),
    ],
    expect: unchanged("Prefers dark mode"),
  },
  {
    saves: [
      project("Deploy day", "Deploys happen on Wednesdays", "2026-01-07"),
      project("Deploy schedule", "Deploys happen on Wednesdays.", "2026-02-11"),
    ],
    expect: unchanged("Deploy day"),
  },
  {
    saves: [
      reference("Wiki", "The team wiki is at https://wiki.example.org/backend", "2026-01-15"),
      reference("Team wiki", "The team wiki is at https://wiki.example.org/backend", "2026-04-01"),
    ],
    expect: unchanged("Wiki"),
  },
  {
    saves: [
      feedback(
        "Use pnpm",
        "Use pnpm, not npm or yarn.\n**Why:** the monorepo relies on pnpm workspaces.",
        "2026-01-20",
      ),
      feedback(
        "Use pnpm",
        "Use pnpm, not npm or yarn.\n**Why:** the monorepo relies on pnpm workspaces.",
        "2026-01-27",
      ),
    ],
    expect: unchanged("Use pnpm"),
  },
  {
    saves: [
      project("Launch date", "The public launch is on 2026-04-14.", "2026-01-09"),
      project("Launch", "The public launch is on 2026-04-14.", "2026-02-09"),
    ],
    expect: unchanged("Launch date"),
  },
  {
    saves: [
      user("Daughter", "Has a daughter, Inês, born in 2021.", "2026-01-03"),
      user("Family", "Has a daughter, Inês, born in 2021.", "2026-03-14"),
    ],
    expect: unchanged("Daughter"),
  },
  {
    saves: [
      user("Bike commute", "Cycles to the office most days.", "2026-01-08", "How the user gets to work"),
      user("Commute", "Cycles to the office most days.", "2026-02-02", "Commuting habit"),
    ],
    expect: unchanged("Bike commute"),
  },
  {
    saves: [
      project("Oncall contact", "Escalate to Marta first.\nThen to the CTO.", "2026-01-11"),
      project("Escalation", "Escalate to Marta first. Then to the CTO.", "2026-03-03"),
    ],
    expect: unchanged("Oncall contact"),
  },
  {
    saves: [
      feedback("Squash merges", "Squash-merge pull requests.", "2026-01-16"),
      feedback("Merge style", "Squash merge pull requests", "2026-02-16"),
    ],
    expect: unchanged("Squash merges"),
  },
  {
    saves: [
      user("Birthday", "Birthday is on 12 March.", "2026-01-02", "Birthday"),
      user("Birthday", "Birthday is on 12 March.", "2026-03-01", "When to say happy birthday"),
    ],
    expect: unchanged("Birthday"),
  },
  {
    saves: [
      project("Repo layout", "Services live in services/<name>/, shared code in pkg/.", "2026-01-19"),
      project("Monorepo layout", "Services live in services/<name>/, shared code in pkg/.", "2026-02-23"),
    ],
    expect: unchanged("Repo layout"),
  },
  {
    saves: [
      reference("Figma", "Designs are in the Figma file 'Checkout v3'.", "2026-01-21"),
      reference("Design file", 'Designs are in the Figma file "Checkout v3".', "2026-03-09"),
    ],
    expect: unchanged("Figma"),
  },
  {
    saves: [
      user("Favourite editor", "Uses Neovim with LazyVim.", "2026-01-13"),
      user("Editor", "Uses Neovim with LazyVim", "2026-01-30"),
    ],
    expect: unchanged("Favourite editor"),
  },
  {
    saves: [
      feedback("Commit size", "Keep commits small: one logical change each.", "2026-01-22"),
      feedback("Commit size", "Keep commits small — one logical change each.", "2026-02-05"),
    ],
    expect: unchanged("Commit size"),
  },
].map((each, index) => ({ ...each, id: `exact-${index + 1}`, group: "exact" as const }));

const NEAR: SaveSequence[] = [
  {
    saves: [
      user("Home city", "Lives in Porto", "2026-01-10"),
      user("Location", "The user lives in Porto.", "2026-02-14"),
    ],
    expect: unchanged("Home city"),
  },
  {
    saves: [
      feedback("Dark mode", "Prefers dark mode in all editors", "2026-01-05"),
      feedback("Editor theme", "Prefers dark mode in every editor", "2026-03-01"),
    ],
    expect: unchanged("Dark mode"),
  },
  {
    saves: [
      project("Standup", "Standup is at 9:30 every day", "2026-01-12"),
      project("Daily standup", "Standup is every day at 9:30", "2026-02-12"),
    ],
    expect: unchanged("Standup"),
  },
  {
    saves: [
      user("Work laptop", "Uses a MacBook Pro for work", "2026-01-06"),
      user("Laptop", "Uses a MacBook Pro at work.", "2026-02-06"),
    ],
    expect: unchanged("Work laptop"),
  },
  {
    saves: [
      feedback("No semicolons", "Don't use semicolons in JavaScript", "2026-01-14"),
      feedback("Semicolons", "Do not use semicolons in JavaScript.", "2026-03-10"),
    ],
    expect: unchanged("No semicolons"),
  },
  {
    saves: [
      project("Deploy freeze", "The deploy freeze starts on December 15", "2026-01-04"),
      project("Holiday freeze", "Deploy freeze starts December 15.", "2026-02-08"),
    ],
    expect: unchanged("Deploy freeze"),
  },
  {
    saves: [
      feedback("Test runner", "Prefers pytest over unittest", "2026-01-17"),
      feedback("Pytest", "Prefers pytest to unittest.", "2026-02-17"),
    ],
    expect: unchanged("Test runner"),
  },
  {
    saves: [
      feedback("Answer style", "Likes short, direct answers", "2026-01-18"),
      feedback("Direct answers", "Likes short and direct answers", "2026-03-18"),
    ],
    expect: unchanged("Answer style"),
  },
  {
    saves: [
      project("Postgres version", "Our Postgres version is 15", "2026-01-20"),
      project("Database version", "We run Postgres version 15.", "2026-02-25"),
    ],
    expect: unchanged("Postgres version"),
  },
  {
    saves: [
      project("Sprint planning", "Sprint planning happens every other Monday", "2026-01-05"),
      project("Planning", "Sprint planning is every other Monday.", "2026-02-02"),
    ],
    expect: unchanged("Sprint planning"),
  },
  {
    saves: [
      project("Notifications owner", "Tomás owns the notifications service", "2026-01-09"),
      project("Notifications service", "The notifications service is owned by Tomás.", "2026-03-05"),
    ],
    expect: unchanged("Notifications owner"),
  },
  {
    saves: [
      feedback("Lint first", "Always run the linter before committing", "2026-01-23"),
      feedback("Linter", "Always run the linter before you commit.", "2026-02-23"),
    ],
    expect: unchanged("Lint first"),
  },
  {
    saves: [
      reference("Rate limit", "The API rate limit is 100 requests per minute", "2026-01-08"),
      reference("API limits", "API rate limit: 100 requests per minute", "2026-02-18"),
    ],
    expect: unchanged("Rate limit"),
  },
  {
    saves: [
      reference("Datadog", "Metrics are in Datadog under the checkout dashboard", "2026-01-26"),
      reference("Metrics", "Metrics are in Datadog, checkout dashboard", "2026-03-26"),
    ],
    expect: unchanged("Datadog"),
  },
  {
    saves: [
      user("Meeting time", "Prefers meetings in the morning", "2026-01-27"),
      user("Morning meetings", "Prefers morning meetings.", "2026-02-27"),
    ],
    expect: unchanged("Meeting time"),
  },
  {
    saves: [
      feedback("Comment language", "Wants code comments in English", "2026-01-28"),
      feedback("English comments", "Code comments in English, please.", "2026-04-02"),
    ],
    expect: unchanged("Comment language"),
  },
  {
    saves: [
      reference("Staging URL", "The staging URL is https://staging.shop.example.com", "2026-01-29"),
      reference("Staging", "Staging URL: https://staging.shop.example.com", "2026-02-19"),
    ],
    expect: unchanged("Staging URL"),
  },
  {
    saves: [
      project("OAuth migration", "Migrating the auth service to OAuth 2.1 this quarter", "2026-01-30"),
      project("Auth service", "The auth service migrates to OAuth 2.1 this quarter.", "2026-03-12"),
    ],
    expect: unchanged("OAuth migration"),
  },
  {
    saves: [
      user("Commute", "Takes the train to work", "2026-01-31"),
      user("Train", "Takes the train to work every day", "2026-02-21"),
    ],
    expect: unchanged("Commute"),
  },
  {
    saves: [
      project("Local dev", "Uses Docker Compose for local development", "2026-02-01"),
      project("Docker Compose", "Local development uses Docker Compose.", "2026-03-15"),
    ],
    expect: unchanged("Local dev"),
  },
  {
    saves: [
      project("Release branch", "The release branch is cut every second Thursday", "2026-02-03"),
      project("Release cut", "Release branches are cut every second Thursday.", "2026-03-17"),
    ],
    expect: unchanged("Release branch"),
  },
  {
    saves: [
      feedback("Strict TypeScript", "Prefers TypeScript with strict mode enabled", "2026-02-04"),
      feedback("TS strict", "Prefers TypeScript with strict mode on.", "2026-03-04"),
    ],
    expect: unchanged("Strict TypeScript"),
  },
  {
    saves: [
      project("v5 code freeze", "Code freeze for the v5 release on June 3", "2026-02-05"),
      project("v5 freeze", "v5 release: code freeze on June 3.", "2026-03-06"),
    ],
    expect: unchanged("v5 code freeze"),
  },
  {
    saves: [
      feedback("Main branch", "Never commit directly to main", "2026-02-06"),
      feedback("No direct commits", "Never commit directly to the main branch.", "2026-04-06"),
    ],
    expect: unchanged("Main branch"),
  },
].map((each, index) => ({ ...each, id: `near-${index + 1}`, group: "near" as const }));

const PARAPHRASE: SaveSequence[] = [
  {
    saves: [
      user("Remote Fridays", "Works remotely on Fridays", "2026-01-10"),
      user("Work from home", "Fridays are work-from-home days", "2026-02-10"),
    ],
    expect: unchanged("Remote Fridays"),
  },
  {
    saves: [
      user("Kids", "Has two kids, aged 4 and 7", "2026-01-11"),
      user("Children", "Two children: 4 and 7 years old", "2026-02-11"),
    ],
    expect: unchanged("Kids"),
  },
  {
    saves: [
      feedback("Vim keys", "Prefers Vim keybindings everywhere", "2026-01-12"),
      feedback("Key bindings", "Wants Vim-style key bindings in every tool", "2026-02-12"),
    ],
    expect: unchanged("Vim keys"),
  },
  {
    saves: [
      user("Long meetings", "Hates long meetings", "2026-01-13"),
      user("Meetings", "Dislikes meetings that run long", "2026-02-13"),
    ],
    expect: unchanged("Long meetings"),
  },
  {
    saves: [
      project("Branching", "The team uses trunk-based development", "2026-01-14"),
      project("Trunk", "We develop on trunk, no long-lived branches", "2026-02-14"),
    ],
    expect: unchanged("Branching"),
  },
  {
    saves: [
      feedback("Real database", "Don't mock the database in integration tests", "2026-01-15"),
      feedback("Integration tests", "Integration tests must hit a real database, not mocks", "2026-02-15"),
    ],
    expect: unchanged("Real database"),
  },
  {
    saves: [
      reference("Docs format", "Docs are written in Markdown", "2026-01-16"),
      reference("Documentation", "Documentation format is Markdown", "2026-02-16"),
    ],
    expect: unchanged("Docs format"),
  },
  {
    saves: [
      user("Email for important", "Prefers email over Slack for anything important", "2026-01-17"),
      user("Important messages", "For important things, email rather than Slack", "2026-02-17"),
    ],
    expect: unchanged("Email for important"),
  },
  {
    saves: [
      project("CTO", "The CTO is Laura Kim", "2026-01-18"),
      project("Laura Kim", "Laura Kim is our chief technology officer", "2026-02-18"),
    ],
    expect: unchanged("CTO"),
  },
  {
    saves: [
      user("Night owl", "Is a night owl, most productive after 10pm", "2026-01-19"),
      user("Late worker", "Does best work late at night, after 10pm", "2026-02-19"),
    ],
    expect: unchanged("Night owl"),
  },
  {
    saves: [
      user("Password manager", "Uses 1Password for all passwords", "2026-01-20"),
      user("Passwords", "Passwords are kept in 1Password", "2026-02-20"),
    ],
    expect: unchanged("Password manager"),
  },
  {
    saves: [
      user("Home city", "Lives in Porto", "2026-01-21"),
      user("Home", "Home is Porto, Portugal", "2026-02-21"),
    ],
    expect: unchanged("Home city"),
  },
].map((each, index) => ({ ...each, id: `paraphrase-${index + 1}`, group: "paraphrase" as const }));

const REFINEMENT: SaveSequence[] = [
  {
    saves: [
      user("Home city", "Lives in Porto", "2026-01-10"),
      user("Neighbourhood", "Lives in Porto, in the Bonfim neighbourhood", "2026-02-10"),
    ],
    expect: updated("Home city"),
  },
  {
    saves: [
      user("Language", "Prefers Python", "2026-01-11"),
      user("Python", "Prefers Python for scripts and data work", "2026-02-11"),
    ],
    expect: updated("Language"),
  },
  {
    saves: [
      project("Standup", "Standup at 9:30", "2026-01-12"),
      project("Standup room", "Standup at 9:30 in the Aurora meeting room", "2026-02-12"),
    ],
    expect: updated("Standup"),
  },
  {
    saves: [
      user("Guitar", "Plays guitar", "2026-01-13"),
      user("Guitar lessons", "Plays classical guitar and takes lessons on Wednesdays", "2026-02-13"),
    ],
    expect: updated("Guitar"),
  },
  {
    saves: [
      project("Launch timing", "Launch planned for spring", "2026-01-14"),
      project("Launch plan", "Launch planned for spring, after the security audit", "2026-02-14"),
    ],
    expect: updated("Launch timing"),
  },
  {
    saves: [
      project("Production database", "Runs PostgreSQL in production", "2026-01-15"),
      project("Postgres in prod", "Runs PostgreSQL 16 in production on RDS", "2026-02-15"),
    ],
    expect: updated("Production database"),
  },
  {
    saves: [
      feedback("Ruff", "Use ruff for linting", "2026-01-16"),
      feedback(
        "Ruff settings",
        "Use ruff for linting and formatting, with a line length of 100",
        "2026-02-16",
      ),
    ],
    expect: updated("Ruff"),
  },
  {
    saves: [
      reference("Datadog", "Metrics are in Datadog", "2026-01-17"),
      reference(
        "Checkout metrics",
        "Metrics are in Datadog; the checkout dashboard is the one to watch",
        "2026-02-17",
      ),
    ],
    expect: updated("Datadog"),
  },
  {
    saves: [
      user("Dog", "Has a dog", "2026-01-18"),
      user("Bolt", "Has a dog, a beagle named Bolt", "2026-02-18"),
    ],
    expect: updated("Dog"),
  },
  {
    saves: [
      project("Mobile stack", "The mobile team uses React Native", "2026-01-19"),
      project("Expo", "The mobile team uses React Native with Expo", "2026-02-19"),
    ],
    expect: updated("Mobile stack"),
  },
  {
    saves: [
      feedback("Small PRs", "Prefers small pull requests", "2026-01-20"),
      feedback("PR size", "Prefers small pull requests, under 400 changed lines", "2026-02-20"),
    ],
    expect: updated("Small PRs"),
  },
  {
    saves: [
      project("Product manager", "Marco is the product manager", "2026-01-21"),
      project("Marco", "Marco is the product manager for checkout and payments", "2026-02-21"),
    ],
    expect: updated("Product manager"),
  },
].map((each, index) => ({ ...each, id: `refinement-${index + 1}`, group: "refinement" as const }));

const CONTRADICTION: SaveSequence[] = [
  {
    saves: [
      user("Home city", "Lives in Porto", "2026-01-10"),
      user("City", "Now lives in Lisbon", "2026-06-02"),
    ],
    expect: updated("Home city"),
    asOf: {
      question: "Where does the user live?",
      checks: [
        { date: "2026-03-01", holds: "Porto" },
        { date: "2026-07-01", holds: "Lisbon" },
      ],
    },
  },
  {
    saves: [
      project("Standup time", "Daily standup is at 9:30", "2026-01-12"),
      project("Standup", "Standup moved to 10:00", "2026-04-06"),
    ],
    expect: updated("Standup time"),
    asOf: {
      question: "When is standup?",
      checks: [
        { date: "2026-02-01", holds: "9:30" },
        { date: "2026-05-01", holds: "10:00" },
      ],
    },
  },
  {
    saves: [
      project("Deploy day", "Production deploys happen on Wednesdays", "2026-01-07"),
      project("Deploy day", "Production deploys now happen on Thursdays", "2026-03-02"),
    ],
    expect: updated("Deploy day"),
    asOf: {
      question: "Which day are production deploys?",
      checks: [
        { date: "2026-02-01", holds: "Wednesdays" },
        { date: "2026-03-20", holds: "Thursdays" },
      ],
    },
  },
  {
    saves: [
      project("Node version", "The project runs on Node 18", "2026-01-08"),
      project("Node runtime", "The project runs on Node 20 now", "2026-03-09"),
    ],
    expect: updated("Node version"),
    asOf: {
      question: "Which Node version does the project run on?",
      checks: [
        { date: "2026-02-01", holds: "Node 18" },
        { date: "2026-04-01", holds: "Node 20" },
      ],
    },
  },
  {
    saves: [
      user("Manager", "Manager is Paula Reis", "2026-01-09"),
      user("New manager", "New manager is Jonas Berg", "2026-05-04"),
    ],
    expect: updated("Manager"),
    asOf: {
      question: "Who is the manager?",
      checks: [
        { date: "2026-03-01", holds: "Paula" },
        { date: "2026-05-10", holds: "Jonas" },
      ],
    },
  },
  {
    saves: [
      feedback("YAML indentation", "Use 2 spaces for indentation in YAML", "2026-01-13"),
      feedback("YAML indent", "Use 4 spaces for indentation in YAML", "2026-02-23"),
    ],
    expect: updated("YAML indentation"),
  },
  {
    saves: [
      user("Editor", "Uses VS Code", "2026-01-14"),
      user("Editor", "Switched from VS Code to Zed", "2026-03-16"),
    ],
    expect: updated("Editor"),
    asOf: {
      question: "Which editor does the user use?",
      checks: [
        { date: "2026-02-01", holds: "Uses VS Code" },
        { date: "2026-04-01", holds: "Zed" },
      ],
    },
  },
  {
    saves: [
      user("Favourite colour", "Favourite colour is green", "2026-01-15"),
      user("Colour", "Favourite colour is now orange", "2026-04-15"),
    ],
    expect: updated("Favourite colour"),
  },
  {
    saves: [
      project("Launch date", "Public launch is on April 14", "2026-01-16"),
      project("Launch date", "Public launch moved to May 5", "2026-03-30"),
    ],
    expect: updated("Launch date"),
    asOf: {
      question: "When is the public launch?",
      checks: [
        { date: "2026-02-15", holds: "April 14" },
        { date: "2026-04-02", holds: "May 5" },
      ],
    },
  },
  {
    saves: [
      project("Analytics store", "The analytics store will be ClickHouse", "2026-01-17"),
      project("Analytics database", "The analytics store will be BigQuery, not ClickHouse", "2026-02-27"),
    ],
    expect: updated("Analytics store"),
  },
  {
    saves: [
      user("Phone", "Uses an iPhone 13", "2026-01-18"),
      user("Phone", "Uses a Pixel 8 now", "2026-05-18"),
    ],
    expect: updated("Phone"),
  },
  {
    saves: [
      project("Sprint length", "Sprints last two weeks", "2026-01-19"),
      project("Sprints", "Sprints last three weeks from now on", "2026-04-20"),
    ],
    expect: updated("Sprint length"),
    asOf: {
      question: "How long is a sprint?",
      checks: [
        { date: "2026-03-01", holds: "two weeks" },
        { date: "2026-05-01", holds: "three weeks" },
      ],
    },
  },
  {
    saves: [
      reference("Team wiki", "The team wiki is on Confluence, space BACKEND", "2026-01-20"),
      reference("Team wiki", "The team wiki moved from Confluence to Notion", "2026-03-20"),
    ],
    expect: updated("Team wiki"),
  },
  {
    saves: [
      user("Gym days", "Goes to the gym on Mondays and Wednesdays", "2026-01-21"),
      user("Gym", "Goes to the gym on Tuesdays and Fridays", "2026-03-21"),
    ],
    expect: updated("Gym days"),
  },
  {
    saves: [
      feedback("Python quotes", "Use double quotes in Python", "2026-01-22"),
      feedback("Quote style", "Use single quotes in Python", "2026-02-22"),
    ],
    expect: updated("Python quotes"),
  },
  {
    saves: [
      project("2.4 release owner", "Ana owns the 2.4 release", "2026-01-23"),
      project("Release owner", "Ravi owns the 2.4 release now", "2026-02-24"),
    ],
    expect: updated("2.4 release owner"),
    asOf: {
      question: "Who owns the 2.4 release?",
      checks: [
        { date: "2026-02-01", holds: "Ana" },
        { date: "2026-03-01", holds: "Ravi" },
      ],
    },
  },
  {
    saves: [
      user("Alcohol", "Does not drink alcohol", "2026-01-24"),
      user("Wine", "Now drinks wine occasionally", "2026-06-24"),
    ],
    expect: updated("Alcohol"),
  },
  {
    saves: [
      project("Q2 budget", "The Q2 budget is approved", "2026-01-25"),
      project("Q2 budget", "The Q2 budget was not approved", "2026-02-25"),
    ],
    expect: updated("Q2 budget"),
  },
  {
    saves: [
      reference("VPN", "The VPN endpoint is vpn1.corp.example.com", "2026-01-26"),
      reference("VPN endpoint", "The VPN endpoint is now vpn2.corp.example.com", "2026-04-26"),
    ],
    expect: updated("VPN"),
    asOf: {
      question: "What is the VPN endpoint?",
      checks: [
        { date: "2026-03-01", holds: "vpn1" },
        { date: "2026-05-01", holds: "vpn2" },
      ],
    },
  },
  {
    saves: [
      user("Working hours", "Works 40 hours a week", "2026-01-27"),
      user("Part time", "Works 32 hours a week since going part-time", "2026-05-27"),
    ],
    expect: updated("Working hours"),
  },
  {
    saves: [
      project("Public API version", "The public API is at v2", "2026-01-28"),
      project("API version", "The public API is at v3", "2026-04-28"),
    ],
    expect: updated("Public API version"),
    asOf: {
      question: "Which version is the public API?",
      checks: [
        { date: "2026-02-10", holds: "v2" },
        { date: "2026-05-10", holds: "v3" },
      ],
    },
  },
  {
    saves: [
      feedback("Line length", "Maximum line length is 80 characters", "2026-01-29"),
      feedback("Line length", "Maximum line length is 120 characters", "2026-03-29"),
    ],
    expect: updated("Line length"),
  },
  {
    saves: [
      user("Team", "Works on the payments team", "2026-01-30"),
      user("Current team", "Moved to the search team", "2026-05-30"),
    ],
    expect: updated("Team"),
  },
  {
    saves: [
      project("Retro", "Retro is on Friday afternoons", "2026-01-31"),
      project("Retro day", "Retro moved to Thursday afternoons", "2026-03-31"),
    ],
    expect: updated("Retro"),
    asOf: {
      question: "When is the retro?",
      checks: [
        { date: "2026-02-15", holds: "Friday" },
        { date: "2026-04-15", holds: "Thursday" },
      ],
    },
  },
  { saves: [user("New car", "Bought a car: a used Renault Zoe", "2026-02-01")], expect: updated("Car") },
  {
    saves: [
      project("Go version", "Services are built with Go 1.21", "2026-02-02"),
      project("Go version", "Services are built with Go 1.22", "2026-04-02"),
      project("Go toolchain", "Services are built with Go 1.23", "2026-08-12"),
    ],
    expect: updated("Go version"),
    asOf: {
      question: "Which Go version are services built with?",
      checks: [
        { date: "2026-03-01", holds: "1.21" },
        { date: "2026-06-01", holds: "1.22" },
        { date: "2026-09-01", holds: "1.23" },
      ],
    },
  },
].map((each, index) => ({ ...each, id: `contradiction-${index + 1}`, group: "contradiction" as const }));

const UNRELATED: SaveSequence[] = [
  {
    saves: [
      user("Home city", "Lives in Porto", "2026-01-10"),
      user("Sister", "Sister lives in Berlin", "2026-02-10"),
    ],
    expect: added,
  },
  {
    saves: [
      project("Standup time", "Daily standup is at 9:30", "2026-01-11"),
      project("Retro time", "Sprint retro is at 15:00 on Fridays", "2026-02-11"),
    ],
    expect: added,
  },
  {
    saves: [
      project("Node version", "The project runs on Node 20", "2026-01-12"),
      project("Python version", "The data scripts run on Python 3.12", "2026-02-12"),
    ],
    expect: added,
  },
  {
    saves: [
      user("Manager", "Manager is Paula Reis", "2026-01-13"),
      user("Skip-level", "Skip-level manager is Omar Haddad", "2026-02-13"),
    ],
    expect: added,
  },
  {
    saves: [
      feedback("Dark mode", "Prefers dark mode in every editor", "2026-01-14"),
      feedback("Light slides", "Presentation slides should use a light background", "2026-02-14"),
    ],
    expect: added,
  },
  {
    saves: [
      project("Deploy day", "Production deploys happen on Wednesdays", "2026-01-15"),
      project("Backups", "Database backups run every night at 2:00", "2026-02-15"),
    ],
    expect: added,
  },
  {
    saves: [
      user("Favourite colour", "Favourite colour is green", "2026-01-16"),
      user("Favourite food", "Favourite food is bacalhau", "2026-02-16"),
    ],
    expect: added,
  },
  {
    saves: [
      user("Phone", "Uses an iPhone 13", "2026-01-17"),
      user("Laptop", "Uses a ThinkPad X1 for personal projects", "2026-02-17"),
    ],
    expect: added,
  },
  {
    saves: [
      feedback("Python quotes", "Use double quotes in Python", "2026-01-18"),
      feedback("Docstrings", "Use Google-style docstrings in Python", "2026-02-18"),
    ],
    expect: added,
  },
  {
    saves: [
      project("2.4 release owner", "Ana owns the 2.4 release", "2026-01-19"),
      project("Ana's vacation", "Ana is on vacation the first two weeks of August", "2026-02-19"),
    ],
    expect: added,
  },
  {
    saves: [
      reference("VPN", "The VPN endpoint is vpn1.corp.example.com", "2026-01-20"),
      reference("Jump host", "The SSH jump host is bastion.corp.example.com", "2026-02-20"),
    ],
    expect: added,
  },
  {
    saves: [
      user("Working hours", "Works 40 hours a week", "2026-01-21"),
      user("Commute time", "The commute takes 40 minutes each way", "2026-02-21"),
    ],
    expect: added,
  },
  {
    saves: [
      project("Public API version", "The public API is at v2", "2026-01-22"),
      project("Admin API", "The admin API is internal only and has no versioning", "2026-02-22"),
    ],
    expect: added,
  },
  {
    saves: [
      feedback("Line length", "Maximum line length is 120 characters", "2026-01-23"),
      feedback("Function length", "Keep functions under 40 lines", "2026-02-23"),
    ],
    expect: added,
  },
  {
    saves: [
      user("Team", "Works on the payments team", "2026-01-24"),
      user("Pairing", "Pairs with Lena from the payments team on Tuesdays", "2026-02-24"),
    ],
    expect: added,
  },
  {
    saves: [
      project("Retro", "Retro is on Friday afternoons", "2026-01-25"),
      project("Demo", "Sprint demo is on Thursday mornings", "2026-02-25"),
    ],
    expect: added,
  },
  {
    saves: [
      project("Go version", "Services are built with Go 1.22", "2026-01-26"),
      project("Frontend build", "The web frontend is built with Vite", "2026-02-26"),
    ],
    expect: added,
  },
  {
    saves: [
      user("Dog", "Has a dog, a beagle named Bolt", "2026-01-27"),
      user("Dog walker", "The dog walker, Rui, comes at noon on weekdays", "2026-02-27"),
    ],
    expect: added,
  },
  {
    saves: [
      project("Launch date", "Public launch is on April 14", "2026-01-28"),
      project("Beta", "Private beta starts on March 2 with ten customers", "2026-02-28"),
    ],
    expect: added,
  },
  {
    saves: [
      project("Sprint length", "Sprints last two weeks", "2026-01-29"),
      project("Mobile cadence", "Mobile releases go out every four weeks", "2026-03-01"),
    ],
    expect: added,
  },
  {
    saves: [
      feedback("YAML indentation", "Use 2 spaces for indentation in YAML", "2026-01-30"),
      feedback("Markdown tables", "Align the columns of Markdown tables", "2026-03-02"),
    ],
    expect: added,
  },
  {
    saves: [
      user("Editor", "Uses VS Code", "2026-01-31"),
      user("Terminal", "Uses the Ghostty terminal with tmux", "2026-03-03"),
    ],
    expect: added,
  },
  {
    saves: [
      user("Gym days", "Goes to the gym on Mondays and Wednesdays", "2026-02-01"),
      user("Swimming", "Swims on Saturday mornings", "2026-03-04"),
    ],
    expect: added,
  },
  {
    saves: [
      project("Q2 budget", "The Q2 budget is approved", "2026-02-02"),
      project("Offsite budget", "The travel budget for the offsite is 8,000 EUR", "2026-03-05"),
    ],
    expect: added,
  },
  {
    saves: [
      reference("Team wiki", "The team wiki is on Notion", "2026-02-03"),
      reference("Meeting notes", "Meeting notes go in the shared Google Drive folder", "2026-03-06"),
    ],
    expect: added,
  },
  {
    saves: [
      user("Alcohol", "Does not drink alcohol", "2026-02-04"),
      user("Tea", "Likes green tea in the afternoon", "2026-03-07"),
    ],
    expect: added,
  },
  {
    saves: [
      user("Home city", "Lives in Porto", "2026-02-05"),
      user("Office", "The office is in Lisbon, near Cais do Sodré", "2026-03-08"),
    ],
    expect: added,
  },
  {
    saves: [
      feedback("Detailed reviews", "Code reviews should be detailed and explain the reasoning", "2026-03-09"),
    ],
    expect: added,
  },
  {
    saves: [
      project("Product manager", "Marco is the product manager for checkout", "2026-02-06"),
      project("Designer", "Sofia is the product designer for checkout", "2026-03-10"),
    ],
    expect: added,
  },
  {
    saves: [
      reference("Datadog", "Metrics are in Datadog", "2026-02-07"),
      reference("Logs", "Logs are in Loki, queried from Grafana", "2026-03-11"),
    ],
    expect: added,
  },
  { saves: [user("Alex's birthday", "Alex's birthday is on 3 September", "2026-03-12")], expect: added },
  { saves: [user("Bike", "Rides a steel gravel bike to work", "2026-03-13")], expect: added },
  {
    saves: [project("Rotterdam visit", "Visiting the Fulfilment team in Rotterdam on 20 May", "2026-03-14")],
    expect: added,
  },
  {
    saves: [
      project(
        "Latency incident",
        "Checkout latency spiked on 2 February because of a missing index",
        "2026-03-15",
      ),
    ],
    expect: added,
  },
  {
    saves: [
      reference(
        "Payments failover",
        "The payments failover runbook is docs/runbooks/payments-failover.md",
        "2026-03-16",
      ),
    ],
    expect: added,
  },
  {
    saves: [feedback("Test names", "Name tests after the behaviour they check", "2026-03-17")],
    expect: added,
  },
  { saves: [user("Japanese", "Started learning Japanese on Duolingo", "2026-03-18")], expect: added },
  {
    saves: [project("OpenSearch cluster", "The OpenSearch cluster has three data nodes", "2026-03-19")],
    expect: added,
  },
  { saves: [user("Cat food", "Miso eats only wet food", "2026-03-20")], expect: added },
  {
    saves: [feedback("Commit body", "Wrap commit message bodies at 72 characters", "2026-03-21")],
    expect: added,
  },
  { saves: [user("Favourite band", "Favourite band is Radiohead", "2026-03-22")], expect: added },
  {
    saves: [project("Office move", "The office moves to a new building in September", "2026-03-23")],
    expect: added,
  },
  { saves: [reference("Expenses", "Expenses are filed in Pleo", "2026-03-24")], expect: added },
  { saves: [feedback("Composition", "Prefer composition over inheritance", "2026-03-25")], expect: added },
  { saves: [user("Chess", "Plays chess online most evenings", "2026-03-26")], expect: added },
  {
    saves: [project("Order events", "Order events are published on the orders.v1 Kafka topic", "2026-03-27")],
    expect: added,
  },
  {
    saves: [reference("Holiday requests", "Holiday requests go through the Personio portal", "2026-03-28")],
    expect: added,
  },
  {
    saves: [feedback("ISO dates", "Write dates as YYYY-MM-DD in docs and logs", "2026-03-29")],
    expect: added,
  },
  {
    saves: [user("Favourite cuisine", "Loves Japanese food, especially ramen", "2026-03-30")],
    expect: added,
  },
  {
    saves: [
      project("Security audit", "An external security audit is booked for the week of 9 March", "2026-03-31"),
    ],
    expect: added,
  },
].map((each, index) => ({ ...each, id: `unrelated-${index + 1}`, group: "unrelated" as const }));

export const SAVE_SEQUENCES: SaveSequence[] = [
  ...EXACT,
  ...NEAR,
  ...PARAPHRASE,
  ...REFINEMENT,
  ...CONTRADICTION,
  ...UNRELATED,
];
