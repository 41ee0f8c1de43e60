import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** A JSON field's text that does not parse: kept as typed, refused by the form. */
export class InvalidJson {
  constructor(readonly text: string) {}
}

type Props = { id?: string; value?: unknown; onChange?: (value: unknown) => void; disabled?: boolean };

const show = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value, null, 2);

/** A JSON value edited as text; text that does not parse is kept as typed and refused by the form. */
export function JsonInput({ id, value, onChange, disabled }: Props) {
  const [text, setText] = useState(() => (value instanceof InvalidJson ? value.text : show(value)));
  const own = useRef<unknown>(value);
  useEffect(() => {
    if (value !== own.current) setText(value instanceof InvalidJson ? value.text : show(value));
  }, [value]);
  return (
    <Input.TextArea
      id={id}
      value={text}
      disabled={disabled}
      autoSize={{ minRows: 4, maxRows: 16 }}
      spellCheck={false}
      className="json-input"
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        let parsed: unknown;
        if (next.trim() === '') parsed = null;
        else {
          try {
            parsed = JSON.parse(next);
          } catch {
            parsed = new InvalidJson(next);
          }
        }
        own.current = parsed;
        onChange?.(parsed);
      }}
    />
  );
}
