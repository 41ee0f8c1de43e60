import { useEffect } from 'react';
import { useLang } from '../i18n/use-lang';
import { usePublicConfig } from '../state/config-context';

/**
 * The page title is the route title plus the product title; re-set when the language changes
 * as well (an improvement on the template, which did not).
 */
export function useDocumentTitle(title: string | undefined): void {
  const lang = useLang();
  const config = usePublicConfig();
  const product = config.site.title[lang] || config.site.title.en;
  useEffect(() => {
    document.title = title ? `${title} - ${product}` : product;
  }, [title, product]);
}
