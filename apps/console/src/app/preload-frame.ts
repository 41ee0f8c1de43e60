// The signed-in frame's code (antd's providers, the guard's shell, the layout and the dashboard), fetched and
// evaluated while the visitor is still typing on the login page: after "Log in" the dashboard then waits on its
// data only. Started by the first key or pointer press on the login form, never by loading the page itself, so
// the login page's own download stays what it needs.

let started = false;

export function preloadSignedInFrame(): void {
  if (started) return;
  started = true;
  Promise.all([
    import('./themed-providers'),
    import('./protected-shell'),
    import('../layout/app-layout'),
    import('../pages/dashboard/dashboard-page'),
  ]).catch(() => {
    // offline or a new build: the route's own lazy import tries again when it is needed
    started = false;
  });
}
