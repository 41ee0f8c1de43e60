import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// Start-up (loading the code, migrating, the permission sync and seed checks) leaves garbage in V8's heap and
// grows its young generation to its largest size (npm start's --max-semi-space-size). An idle server keeps both:
// V8 collects and shrinks them only under allocation, which an idle process does not do. One collection in V8's
// memory-reducing mode, shortly after the server listens, gives that memory back (on PostgreSQL about 20 MB of a
// 125 MB process: bench/start.ts).

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** V8's collector as a function, without exposing it to the server's code as a global. */
function collector(): Collect | null {
  const own = (globalThis as { gc?: Collect }).gc;
  if (typeof own === 'function') return own;
  try {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as Collect | undefined;
    return typeof collect === 'function' ? collect : null;
  } catch {
    return null;
  }
}

/** A full collection in memory-reducing mode now; false when V8 offers none. */
export function collectGarbage(): boolean {
  const collect = collector();
  collect?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return Boolean(collect);
}

/** Once, `afterMs` after the server listens; a request arriving meanwhile does not wait on it. */
export function releaseStartupMemory(afterMs = 1000): void {
  setTimeout(collectGarbage, afterMs).unref();
}
