import { ERROR_MESSAGE_DURATION_MS } from '@organiser/domain';
import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

// Toasts and dialogs raised outside React (the HTTP client, the session loader). They use antd's static message
// and modal, which render in their own container: a toast raised just before the page changes (an expired session
// sent back to the login page) stays on screen. antd is loaded on first use, so the login page does not download
// it; the signed-in screens give the static holder their theme and language (app/themed-providers.tsx).

type Feedback = {
  message: MessageInstance;
  modal: { confirm: (props: ModalFuncProps) => unknown; warning: (props: ModalFuncProps) => unknown };
};

let loaded: Feedback | null = null;
let loading: Promise<Feedback> | null = null;

function load(): Promise<Feedback> {
  loading ??= import('antd').then(({ message, Modal }) => {
    message.config({ maxCount: 3 });
    loaded = { message, modal: Modal };
    return loaded;
  });
  return loading;
}

/** Runs `show` with antd's static message and modal: at once when antd is loaded, else once it has loaded. */
export function withFeedback(show: (feedback: Feedback) => void): void {
  if (loaded) {
    show(loaded);
    return;
  }
  void load().then(show);
}

/** An error toast stays 5 seconds. The same text is shown once, not stacked. */
export function toastError(text: string): void {
  withFeedback((f) =>
    f.message.error({ content: text, duration: ERROR_MESSAGE_DURATION_MS / 1000, key: `error:${text}` }),
  );
}
