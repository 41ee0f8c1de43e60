import type { Language } from '@organiser/domain';
import { en as engineEn } from '../messages/en';
import { en as reportEn, zh as reportZh } from '../messages/report';
import { zh as engineZh } from '../messages/zh';
import { en as accessEn, zh as accessZh } from '../pages/access/messages';
import { en as chatEn, zh as chatZh } from '../pages/chat/messages';
import { en as consultEn, zh as consultZh } from '../pages/consults/messages';
import { en as dashboardEn, zh as dashboardZh } from '../pages/dashboard/messages';
import { en as marketingEn, zh as marketingZh } from '../pages/marketing/messages';
import { en as pointsEn, zh as pointsZh } from '../pages/points/messages';
import { en as requirementEn, zh as requirementZh } from '../pages/requirements/messages';
import { en as statisticsEn, zh as statisticsZh } from '../pages/statistics/messages';
import { en as supplierEn, zh as supplierZh } from '../pages/suppliers/messages';
import { en as systemEn, zh as systemZh } from '../pages/system/config-texts';
import { en as userEn, zh as userZh } from '../pages/users/messages';
import { en as treeEn, zh as treeZh } from '../widgets/permission-tree/messages';
import type { TextNamespace } from './texts';

/** The flat text namespaces by language, each with the same keys in both languages but for the singular
 * forms (`key_one`), which Chinese does not have (see namespaces.test.ts). */
export const textNamespaces: Record<TextNamespace, Record<Language, Record<string, string>>> = {
  engine: { en: engineEn, zh: engineZh },
  report: { en: reportEn, zh: reportZh },
  users: { en: userEn, zh: userZh },
  access: { en: accessEn, zh: accessZh },
  system: { en: systemEn, zh: systemZh },
  suppliers: { en: supplierEn, zh: supplierZh },
  requirements: { en: requirementEn, zh: requirementZh },
  permissionTree: { en: treeEn, zh: treeZh },
  consults: { en: consultEn, zh: consultZh },
  marketing: { en: marketingEn, zh: marketingZh },
  chat: { en: chatEn, zh: chatZh },
  points: { en: pointsEn, zh: pointsZh },
  statistics: { en: statisticsEn, zh: statisticsZh },
  dashboard: { en: dashboardEn, zh: dashboardZh },
};
