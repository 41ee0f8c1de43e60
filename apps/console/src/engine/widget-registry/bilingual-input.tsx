import { Input } from 'antd';
import { lengthCount } from '../../widgets/length-count';

type Props = {
  id?: string;
  lang: 'en' | 'zh';
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
};

/** One half of a bilingual pair: the text is marked with its language (spell check, screen readers, fonts). */
export function BilingualInput({ lang, onChange, maxLength, ...props }: Props) {
  return (
    <Input
      {...props}
      {...lengthCount(maxLength)}
      lang={lang === 'zh' ? 'zh-CN' : 'en'}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="off"
    />
  );
}
