import { Input } from 'antd';
import { cloneElement, type ReactElement, startTransition, useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

// A list page's filter selects are mounted after the page's first paint. A select measures its width in a layout
// effect (a forced layout of the whole page) and registers its styles; done while the list is committed, that
// delays the first rows by the time of one layout per select. Until then each filter is a plain read-only input
// of the select's size, with its label and placeholder, so nothing moves when the select takes its place.

/** False until the frame after the first paint, then true (set in a transition, so it yields to input);
 * `now()` sets it at once (a person reached a placeholder before that). */
export function useAfterFirstPaint(): { isReady: boolean; now: () => void } {
  const [isReady, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // a frame callback runs before that frame's paint; the timeout after it runs once the frame is painted
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  const now = useCallback(() => flushSync(() => setReady(true)), []);
  return { isReady, now };
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

type Props = {
  /** The filter's select, without the props the form item gives it (they are passed on). */
  control: ReactElement<Record<string, unknown>>;
  isReady: boolean;
  onNeeded: () => void;
  isMultiple: boolean;
  label: string;
  placeholder: string;
  /** From the form item. */
  id?: string;
  value?: unknown;
  [formProp: string]: unknown;
};

/**
 * A filter's select once the page has been painted (or at once when it holds a value: the URL set it), before
 * that a read-only input of the same size. Focusing the input mounts the select at once and moves the focus
 * into it.
 */
export function DeferredFilter({
  control,
  isReady,
  onNeeded,
  isMultiple,
  label,
  placeholder,
  ...formProps
}: Props) {
  const { id, value } = formProps;
  if (isReady || !isEmpty(value)) return cloneElement(control, formProps);
  return (
    <Input
      id={id}
      readOnly
      aria-label={label}
      placeholder={placeholder}
      className={
        isMultiple ? 'entity-filter-pending entity-filter-pending-multiple' : 'entity-filter-pending'
      }
      onFocus={(event) => {
        onNeeded();
        // the select now has the form item's id on its input
        const select = id ? document.getElementById(id) : null;
        if (select && select !== event.currentTarget) select.focus();
      }}
    />
  );
}
