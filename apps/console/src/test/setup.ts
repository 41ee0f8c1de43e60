import { cleanup, configure } from '@testing-library/react';
import { Modal, message } from 'antd';
import NProgress from 'nprogress';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { forgetSessionRequest } from '../app/session-request';
import { initI18n } from '../i18n/i18n';

// generous: the machines running the suite are shared and often busy
configure({ asyncUtilTimeout: 10_000 });

// The top progress bar fades out and removes its element on timers of its own. When a file ends as a second
// navigation's fade is still under way, the afterAll below sees the element gone (the first fade removed it) while
// the second fade's timer is still pending, and it fires once the file's document is gone: it does nothing then.
const guarded = Symbol.for('organiser.test.nprogress-guard');
const bar = NProgress as typeof NProgress & { [guarded]?: true };
if (!bar[guarded]) {
  bar[guarded] = true;
  const remove = NProgress.remove.bind(NProgress);
  NProgress.remove = () => {
    if (typeof document !== 'undefined') remove();
  };
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  forgetSessionRequest();
  message.destroy();
  Modal.destroyAll();
  // closing dialogs wait for an animation end that happy-dom never fires: remove what is left
  for (const root of document.querySelectorAll('.ant-modal-root')) root.parentElement?.remove();
});

// React schedules render work on later macrotasks; let it run while the DOM still exists, otherwise it
// fires after the environment is torn down ("window is not defined") on a busy machine.
afterAll(async () => {
  cleanup();
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  // the top progress bar fades out on timers of its own and removes its element last: finish it and wait
  // for that, or its timers touch a document that no longer exists
  if (NProgress.isStarted()) NProgress.done(true);
  for (let i = 0; i < 100 && document.getElementById('nprogress'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});
