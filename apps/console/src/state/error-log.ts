import { createStore } from './store';

// In production, runtime errors go to an in-app error log (error, component, info, url).
// Not persisted: it tells about this visit only.

export type ErrorLogEntry = {
  id: number;
  error: { message: string; stack?: string };
  /** Where it happened: the component (or "window" / "promise" for uncaught errors). */
  component: string;
  info: string;
  url: string;
  time: number;
};

export const errorLogStore = createStore<ErrorLogEntry[]>([]);

let nextId = 1;

/** Error logging runs in production builds only. */
export const isErrorLogEnabled = () => import.meta.env.PROD;

export function recordError(input: { error: unknown; component: string; info: string }): void {
  if (!isErrorLogEnabled()) return;
  const error =
    input.error instanceof Error
      ? { message: input.error.message, stack: input.error.stack }
      : { message: String(input.error) };
  const entry: ErrorLogEntry = {
    id: nextId++,
    error,
    component: input.component,
    info: input.info,
    url: window.location.href,
    time: Date.now(),
  };
  // recorded on the next tick, so logging never interferes with rendering
  setTimeout(() => errorLogStore.set((list) => [...list, entry]), 0);
}

export const clearErrorLog = () => errorLogStore.set([]);

let isInstalled = false;

/** Window errors and unhandled rejections; component errors come from the page error boundaries. */
export function installErrorLog(): void {
  if (isInstalled || !isErrorLogEnabled()) return;
  isInstalled = true;
  window.addEventListener('error', (event) => {
    recordError({
      error: event.error ?? event.message,
      component: 'window',
      info: `${event.filename}:${event.lineno}`,
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    // refused API calls were already shown to the user; they are not program errors
    if ((event.reason as { name?: string } | null)?.name === 'ApiError') return;
    recordError({ error: event.reason, component: 'promise', info: 'unhandled rejection' });
  });
}
