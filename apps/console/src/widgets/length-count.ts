import type { InputProps } from 'antd';

/**
 * A text input's counter against its limit. The limit is shown, not enforced by the input: a text typed or
 * pasted past it stays whole (marked out of range), and the form's check says what is too long, instead of the
 * browser's `maxlength` cutting it mid-word without a word.
 */
export const lengthCount = (max: number | undefined): Pick<InputProps, 'count'> =>
  max ? { count: { show: true, max } } : {};
