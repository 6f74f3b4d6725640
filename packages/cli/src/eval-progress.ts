import type { EvalProgress } from '@weft/eval';
import type { CliIo } from './cli-io.ts';
import { terminalSafe } from './terminal-safe.ts';

/** Cells of the bar drawn on a terminal. */
const BAR_WIDTH = 24;

/**
 * `weft eval`'s progress on stderr (stdout keeps the table, or the JSON
 * report alone): on a terminal, one line redrawn in place with a bar, the
 * tries finished, the running pass count and the case just finished; into a
 * file or a pipe (CI logs), one plain line per finished try. `end()` clears
 * the bar before the table is printed.
 */
export function evalProgress(io: CliIo): { onProgress(progress: EvalProgress): void; end(): void } {
  const tty = io.stderrIsTTY === true;
  let drawn = false;
  return {
    onProgress(progress) {
      if (progress.type === 'case.start') return;
      if (progress.type === 'eval.start') {
        const tries = progress.tries === progress.cases ? '' : ` (${progress.tries} tries)`;
        const line = `eval ${progress.eval}: ${progress.cases} ${progress.cases === 1 ? 'case' : 'cases'}${tries}`;
        if (tty) {
          io.stderr(`\r\x1b[2K${terminalSafe(`${line} ${bar(0, progress.tries)}`)}`);
          drawn = true;
        } else io.stderr(`${terminalSafe(line)}\n`);
        return;
      }
      const { report, attempt, finished, tries, passed } = progress;
      const which = attempt > 1 ? `${report.id} #${attempt}` : report.id;
      const counts = `${finished}/${tries} · ${passed} passed`;
      if (tty) {
        io.stderr(`\r\x1b[2K${terminalSafe(`${bar(finished, tries)} ${counts} · ${which} ${report.status}`)}`);
        drawn = true;
      } else
        io.stderr(
          `${terminalSafe(`${counts} · ${which} ${report.status} (${report.score.toFixed(2)}, ${Math.round(report.durationMs)} ms)`)}\n`,
        );
    },
    end() {
      if (drawn) io.stderr('\r\x1b[2K');
      drawn = false;
    },
  };
}

function bar(done: number, total: number): string {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
}
