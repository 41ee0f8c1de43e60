import {
  type EntityDef,
  type EntityPolicy,
  entityLabel,
  fieldLabel,
  getEntity,
  type Language,
  policyFor,
  type TextSet,
} from '@organiser/domain';
import { useMemo } from 'react';
import { useLang } from '../i18n/use-lang';
import { usePublicConfig } from '../state/config-context';
import { useScope } from '../state/scope';
import { ownCompanyField } from './scope';

/** An entity as this deployment and this user see it: its definition, the field policy and the labels
 * in the current language after the site variant's text set. */
export type EntityMeta = {
  def: EntityDef;
  policy: EntityPolicy;
  texts: TextSet;
  lang: Language;
  /** The entity's name, singular or plural. */
  label: (options?: { plural?: boolean }) => string;
  /** A field's label; system fields (id, createdAt…) use the fallback the caller gives. */
  fieldLabel: (name: string, fallback?: { en: string; zh: string }) => string;
};

export function entityMeta(
  def: EntityDef,
  input: { policy: EntityPolicy; texts: TextSet; lang: Language },
): EntityMeta {
  const { policy, texts, lang } = input;
  return {
    def,
    policy,
    texts,
    lang,
    label: (options = {}) => entityLabel(def, lang, { texts, plural: options.plural }),
    fieldLabel: (name, fallback) =>
      def.fields[name] || !fallback
        ? fieldLabel(def, name, lang, texts)
        : (texts[`entity.${def.key}.field.${name}`] ?? fallback[lang]),
  };
}

/** The meta of a registered entity; throws for an unknown name (a catalogue route naming no definition). */
export function useEntityMeta(name: string): EntityMeta {
  const config = usePublicConfig();
  const lang = useLang();
  const { isScoped } = useScope();
  return useMemo(() => {
    const def = getEntity(name);
    if (!def) throw new Error(`No entity definition is registered for "${name}"`);
    const policy = policyFor(def, config.fieldPolicy);
    // a supplier's records all belong to its own company: the company is not a column, a filter or a choice
    const own = isScoped ? ownCompanyField(def) : null;
    return entityMeta(def, {
      policy: own ? { ...policy, hidden: [...policy.hidden, own] } : policy,
      texts: config.site.texts[lang] ?? {},
      lang,
    });
  }, [name, config, lang, isScoped]);
}
