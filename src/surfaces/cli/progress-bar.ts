/**
 * A progress bar on stderr for long work. At a terminal it redraws one line; otherwise (logs, CI)
 * it prints a line at every tenth of the way, so output stays readable.
 */
export function createProgressBar(label: string): {
  update: (done: number, total: number) => void;
  finish: () => void;
} {
  const isTerminal = process.stderr.isTTY === true;
  let lastTenth = -1;
  let drawn = false;
  return {
    update(done, total) {
      if (total === 0) return;
      if (isTerminal) {
        const width = 30;
        const filled = Math.round((done / total) * width);
        process.stderr.write(
          `\r${label} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}`,
        );
        drawn = true;
        return;
      }
      const tenth = Math.floor((done / total) * 10);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        process.stderr.write(`${label}: ${done}/${total}\n`);
      }
    },
    finish() {
      if (drawn) process.stderr.write("\n");
    },
  };
}
