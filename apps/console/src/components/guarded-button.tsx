import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useReclickGuard } from './use-reclick-guard';

/**
 * A button that ignores a second click for 3000 ms. For a submit button (`htmlType="submit"`) an
 * ignored click does not submit the form either.
 */
export function GuardedButton({ onClick, guardMs, ...props }: ButtonProps & { guardMs?: number }) {
  const guarded = useReclickGuard((event: MouseEvent<HTMLButtonElement>) => onClick?.(event), guardMs);
  return (
    <Button
      {...props}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (!guarded(event)) event.preventDefault();
      }}
    />
  );
}
