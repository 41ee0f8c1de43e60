import { tagEntity } from './tag';

const t = (en: string, zh: string) => ({ en, zh });

/** /company/company_tag_list: a company tag has a name and a status. A company shows at most two tags. */
export const companyTag = tagEntity(
  'company_tag',
  { singular: t('Company tag', '企业标签'), plural: t('Company tags', '企业标签') },
  '/company/company_tag_list',
);
