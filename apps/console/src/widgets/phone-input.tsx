import { Input, Space } from 'antd';
import { useEngineText } from '../messages';

type Props = {
  id?: string;
  /** `area-number`, e.g. '021-62345678': a telephone needs its area code. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  label: string;
  disabled?: boolean;
  maxLength?: number;
  'aria-invalid'?: boolean;
};

/** Splits a stored `area-number` at its first dash; a value without one is all number. */
export function splitPhone(value: string | null | undefined): { area: string; number: string } {
  if (!value) return { area: '', number: '' };
  const at = value.indexOf('-');
  return at < 0 ? { area: '', number: value } : { area: value.slice(0, at), number: value.slice(at + 1) };
}

/** Joins the two parts; both empty is no value. */
export function joinPhone(area: string, number: string): string | null {
  const a = area.trim();
  const n = number.trim();
  if (!a && !n) return null;
  return `${a}-${n}`;
}

/** A landline as area code and number side by side; the form keeps the API's `area-number` text. */
export function PhoneInput({ id, value, onChange, label, disabled, maxLength, ...rest }: Props) {
  const t = useEngineText();
  const { area, number } = splitPhone(value);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        aria-label={t('phone.areaCode', { label })}
        aria-invalid={rest['aria-invalid']}
        value={area}
        onChange={(e) => onChange?.(joinPhone(e.target.value.replace(/[^0-9+]/g, ''), number))}
        disabled={disabled}
        inputMode="tel"
        // a city's area code (021 Shanghai, 0755 Shenzhen), not a country code
        placeholder={t('phone.areaExample')}
        maxLength={5}
        style={{ width: 88 }}
        autoComplete="off"
      />
      <Input
        aria-label={t('phone.number', { label })}
        aria-invalid={rest['aria-invalid']}
        value={number}
        onChange={(e) => onChange?.(joinPhone(area, e.target.value))}
        disabled={disabled}
        inputMode="tel"
        placeholder={t('phone.numberExample')}
        maxLength={maxLength}
        autoComplete="off"
      />
    </Space.Compact>
  );
}
