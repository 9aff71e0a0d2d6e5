import { mkdir, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Writes `count` typed memory files straight into `home`, as a person or another program could:
 * Fact 000 is the oldest; even ones are project memories, odd ones user memories; Fact i was updated
 * (count - i) hours before `now`, and its file was modified then too.
 */
export async function writeFactMemories(home: string, count: number, now: Date): Promise<void> {
  await mkdir(join(home, "memories"), { recursive: true });
  for (let i = 0; i < count; i++) {
    const number = String(i).padStart(3, "0");
    const type = i % 2 === 0 ? "project" : "user";
    const time = new Date(now.getTime() - (count - i) * 3_600_000);
    const path = join(home, `memories/${type}_fact-${number}.md`);
    const updated = time.toISOString();
    await writeFile(
      path,
      `---\nname: Fact ${number}\ndescription: Fact number ${i}\ntype: ${type}\ncreated: ${updated}\nupdated: ${updated}\n---\n\nThe fact ${i}.\n`,
    );
    await utimes(path, time, time);
  }
}
