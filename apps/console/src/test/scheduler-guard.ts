// React's scheduler runs queued render work on Node's setImmediate, which outlives the test environment: work
// still queued when a file's DOM is torn down would throw "window is not defined" into the run. Work that
// arrives after the teardown has nothing left to render into, so it is dropped. (The scheduler takes
// setImmediate when it is first imported: this file runs first and imports nothing.)
const nodeSetImmediate = globalThis.setImmediate;
globalThis.setImmediate = ((callback: (...args: unknown[]) => void, ...args: unknown[]) =>
  nodeSetImmediate(() => {
    if (typeof window !== 'undefined') callback(...args);
  })) as typeof setImmediate;
