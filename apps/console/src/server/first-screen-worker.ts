import { parentPort } from 'node:worker_threads';
import type { FirstScreenInput, PublicConfig } from '@organiser/domain';
import { prepareFirstScreen, renderFirstScreen } from './first-screen';

// The first screen's renderer in a thread of its own (started by apps/api/src/plugins/first-screen.ts): a render
// takes tens of milliseconds of one processor, which the API's own thread spends on requests meanwhile (the page's
// stylesheets and scripts among them).
//
// Asked: `{ id, prepare: config }` (load what every render needs) or `{ id, render: input }`; answers `{ id, html }`,
// html null when there is no screen to give (the page is then sent without one).

export type FirstScreenRequest =
  | { id: number; prepare: PublicConfig; render?: undefined }
  | { id: number; render: FirstScreenInput; prepare?: undefined };
export type FirstScreenReply = { id: number; html: string | null };

const port = parentPort;
if (port) {
  port.on('message', (request: FirstScreenRequest) => {
    const work = request.render
      ? renderFirstScreen(request.render)
      : prepareFirstScreen(request.prepare).then(() => '');
    void work.then(
      (html) => port.postMessage({ id: request.id, html } satisfies FirstScreenReply),
      () => port.postMessage({ id: request.id, html: null } satisfies FirstScreenReply),
    );
  });
}
