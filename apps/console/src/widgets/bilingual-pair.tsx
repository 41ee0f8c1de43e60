import type { ReactNode } from 'react';
import './widgets.css';

/**
 * The two halves of a bilingual field side by side (English left, Chinese right), framed as one group so it
 * reads as one field in two languages (`name` / `enName` / `zhName`).
 */
export function BilingualPair({ label, en, zh }: { label: string; en: ReactNode; zh: ReactNode }) {
  return (
    <fieldset className="bilingual-pair">
      <legend className="bilingual-pair-legend">{label}</legend>
      <div className="bilingual-pair-half">{en}</div>
      <div className="bilingual-pair-half">{zh}</div>
    </fieldset>
  );
}
