// The navbar's tooltips only say what a button does: they never take the pointer, so a tooltip left open by a
// hover cannot cover the menu another navbar button just opened (on a narrow screen they overlap).
export const NAVBAR_TIP = { root: 'app-navbar-tip' };
