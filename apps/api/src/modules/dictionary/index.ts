import { registerReferenceSeed } from '../../db/seed';
import { registerEntityHooks } from '../../engine/hooks';
import { dictItemHooks } from './hooks';
import { dictionarySeed } from './seed';

// Dictionaries (spec §2 /systemManage/dict_group_list): the groups and items are engine entities; this module
// adds the reference dictionaries, the check that an item's value is unique within its dictionary, and the
// options route the console's dictionary selects read.

/** Registers the module's reference seed and write hooks. */
export function registerDictionary(): void {
  registerReferenceSeed(dictionarySeed);
  registerEntityHooks('dict_item', dictItemHooks);
}

registerDictionary();

export { checkItemValueUnique, dictItemHooks } from './hooks';
export { dictionaryRoutes } from './routes';
export {
  companyAnnualRevenue,
  companyIndustry,
  companyStaffSize,
  contactType,
  dictionarySeed,
  referenceDictionaries,
  seedDictionaries,
} from './seed';
