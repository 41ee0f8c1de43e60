import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize-html';
import './rich-text.css';

/** Shows stored rich text, sanitised in the browser too (see sanitize-html.ts). */
export function SafeHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={`rich-text-content ${className ?? ''}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML has just been reduced to the allow-list
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
