import type { AppModule } from '../../extensions';
import { dictItemHooks } from './hooks';
import { dictionaryRoutes } from './routes';
import { dictionarySeed } from './seed';

// Dictionaries (/systemManage/dict_group_list): the groups and items are engine entities; this module
// adds the reference dictionaries, the check that an item's value is unique within its dictionary, and the
// options route the console's dictionary selects read.

export const dictionaryModule: AppModule = {
  name: 'dictionary',
  register: (ext) => {
    ext.routes(dictionaryRoutes);
    ext.referenceSeed(dictionarySeed);
    ext.hooks('dict_item', dictItemHooks);
  },
};

export { checkItemValueUnique, dictItemHooks } from './hooks';
export { dictionaryRoutes } from './routes';
export {
  companyAnnualRevenue,
  companyIndustry,
  companyLanguage,
  companyMainMarket,
  companyStaffSize,
  contactType,
  dictionarySeed,
  placeOfOrigin,
  priceTerm,
  productUnit,
  referenceDictionaries,
  seedDictionaries,
} from './seed';
