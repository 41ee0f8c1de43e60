import { App } from 'antd';
import { useCallback } from 'react';
import { useEngineText } from '../engine/messages';

/**
 * A multiple choice with a maximum (spec §5: company tags at most 2): a choice past the maximum is refused with
 * "the current limit is exceeded" instead of silently disabling the other options. Returns a check of the
 * next count: true when it may go ahead.
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
