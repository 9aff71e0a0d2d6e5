import {
  ARCHIVE_DIR,
  archivePathFor,
  CONVERSATIONS_DIR,
  DAILY_DIR,
  MEMORIES_DIR,
  SESSIONS_DIR,
  TOPICS_DIR,
} from "../../rules/home-layout.js";
import { redactSecrets } from "../guard/scan-secrets.js";
import type { HomeContext } from "../home/home-context.js";
import type { DoctorProblem } from "./doctor-problem.js";

/**
 * Doctor's check for credentials in names: a conversation's session id, a topic or a memory whose
 * file is named after a key (by hand, or before mnemo refused such names). A name is shown in every
 * list, path and prompt, so it is reported with the secret redacted in the path, and the person
 * renames the file; doctor never does.
 */
const NAMED_FOLDERS = [MEMORIES_DIR, TOPICS_DIR, DAILY_DIR, CONVERSATIONS_DIR, SESSIONS_DIR];

export async function checkSecretsInNames(home: HomeContext): Promise<DoctorProblem[]> {
  const folders = [...NAMED_FOLDERS, ...NAMED_FOLDERS.map(archivePathFor), ARCHIVE_DIR];
  const listed = await Promise.all(folders.map((folder) => home.store.list(folder)));
  const problems: DoctorProblem[] = [];
  for (const { path } of listed.flat()) {
    const { text: redacted, findings } = redactSecrets(path);
    if (findings.length === 0) continue;
    const kinds = [...new Set(findings.map((finding) => finding.kind))].join(", ");
    problems.push({
      kind: "stored-secret",
      path: redacted,
      message: `its name holds what looks like a credential (${kinds}); rename the file by hand, and rotate the secret if it is real`,
      fixable: false,
    });
  }
  return problems;
}
