import { useEffect } from 'react';
import { useLang } from '../i18n/use-lang';
import { badgeTotal, useBadges } from '../layout/badges';
import { usePublicConfig } from '../state/config-context';

/**
 * The page title is the route title plus the product title; re-set when the language changes
 * as well, so the browser tab never shows the other language. The count of the navbar's badges leads it.
 */
export function useDocumentTitle(title: string | undefined): void {
  const lang = useLang();
  const config = usePublicConfig();
  const product = config.site.title[lang] || config.site.title.en;
  // what waits for the signed-in person (the navbar's badges) leads the tab title: "(3) Consults - …"
  const waiting = badgeTotal(useBadges());
  useEffect(() => {
    const text = title ? `${title} - ${product}` : product;
    document.title = waiting > 0 ? `(${waiting}) ${text}` : text;
  }, [title, product, waiting]);
}
