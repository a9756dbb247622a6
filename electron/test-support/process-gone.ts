/** Process checks shared by the tests that prove no skill process outlives its run. */
import { readFileSync } from 'node:fs';

/** Gone, or a zombie waiting for a reaper that is not ours. */
export function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}
