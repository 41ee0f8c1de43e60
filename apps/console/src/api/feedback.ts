import { ERROR_MESSAGE_DURATION_MS } from '@organiser/domain';
import { type App, type ModalFuncProps, message as staticMessage, Modal as staticModal } from 'antd';

// Toasts and dialogs raised outside React (the HTTP client). The app registers antd's context-aware
// instances (theme, locale) through <FeedbackBridge>; before that, and in tests, the static ones serve.

type AppApi = ReturnType<typeof App.useApp>;
type Feedback = {
  message: AppApi['message'];
  modal: { confirm: (props: ModalFuncProps) => unknown; warning: (props: ModalFuncProps) => unknown };
};

let current: Feedback = { message: staticMessage, modal: staticModal };

export function registerFeedback(feedback: Feedback): () => void {
  const previous = current;
  current = feedback;
  return () => {
    current = previous;
  };
}

export const feedback = () => current;

/** spec §8 / §9: an error toast stays 5 seconds. The same text is shown once, not stacked. */
export function toastError(text: string): void {
  current.message.error({ content: text, duration: ERROR_MESSAGE_DURATION_MS / 1000, key: `error:${text}` });
}
