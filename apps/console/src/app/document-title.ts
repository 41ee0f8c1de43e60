import { useEffect } from 'react';
import { useLang } from '../i18n/use-lang';
import { usePublicConfig } from '../state/config-context';

/**
 * The page title is the route title plus the product title; re-set when the language changes
 * as well, so the browser tab never shows the other language.
 */
export function useDocumentTitle(title: string | undefined): void {
  const lang = useLang();
  const config = usePublicConfig();
  const product = config.site.title[lang] || config.site.title.en;
  useEffect(() => {
    document.title = title ? `${title} - ${product}` : product;
  }, [title, product]);
}
