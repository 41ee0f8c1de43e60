// The signed-in frame's code (antd's providers, the guard's shell, the layout and the page the login leads to), fetched and
// evaluated while the visitor is still typing on the login page: after "Log in" the dashboard then waits on its
// data only, and renders without suspending on code that has arrived. Started by the first key or pointer press
// on the login form, never by loading the page itself, so the login page's own download stays what it needs.

import { preloadFrameParts, preloadPageAt } from './frame-parts';

let started = false;

/** `target`: the path the login leads to. */
export function preloadSignedInFrame(target: string): void {
  if (started) return;
  started = true;
  Promise.all([preloadFrameParts(), preloadPageAt(new URL(target, window.location.origin).pathname)]).catch(
    () => {
      // offline or a new build: the route's own lazy import tries again when it is needed
      started = false;
    },
  );
}
