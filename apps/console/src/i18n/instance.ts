import i18next from 'i18next';

/** The console's one i18next instance: the domain's messages (namespace `translation`) and the namespaces of
 * the engine's and the pages' texts (i18n/namespaces.ts). */
export const i18n = i18next.createInstance();
