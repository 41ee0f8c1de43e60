import { App } from 'antd';
import { createElement, type ReactElement, type ReactNode, useCallback } from 'react';
import { useEngineText } from '../messages';
import './widgets.css';

/**
 * A multiple choice with a maximum (a company has at most 2 tags). Once it is full the other options are
 * greyed out with a hint (`ChoiceLimitHint`); a choice past the maximum that still arrives (typed, pasted) is
 * refused with "the current limit is exceeded". Returns a check of the next count: true when it may go ahead.
 */
export function useChoiceLimit(max: number | undefined): (count: number) => boolean {
  const t = useEngineText();
  const { message } = App.useApp();
  return useCallback(
    (count: number) => {
      if (max === undefined || count <= max) return true;
      message.warning({ content: t('form.limitExceeded', { max }), key: 'choice-limit' });
      return false;
    },
    [max, message, t],
  );
}

/** Is a multiple choice full (its other options greyed out)? */
export const isChoiceFull = (max: number | undefined, count: number): boolean =>
  max !== undefined && count >= max;

/** The dropdown of a full choice: a hint above the greyed-out options saying why they cannot be chosen. */
export function useLimitPopup(
  max: number | undefined,
  count: number,
): ((menu: ReactElement) => ReactNode) | undefined {
  const t = useEngineText();
  if (!isChoiceFull(max, count)) return undefined;
  return (menu) =>
    createElement(
      'div',
      null,
      createElement(
        'div',
        { className: 'choice-limit-hint', role: 'status' },
        t('form.limitReached', { max: max! }),
      ),
      menu,
    );
}
