import { areaList } from '@vant/area-data';
import enLocale from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import zhLocale from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };
import { pinyin } from 'pinyin-pro';

// `GET /region/list_all`: the region list is built from maintained packages, not typed by
// hand. Countries: i18n-iso-countries (ISO 3166-1 alpha-2 codes with English and Chinese names). China's
// province-level divisions and cities: @vant/area-data (GB/T 2260 codes, Chinese names, all 34 divisions
// including Hong Kong, Macao and Taiwan). English names of divisions are the pinyin of the Chinese name
// without its administrative suffix (广东省 → Guangdong, 西安市 → Xi'an), by pinyin-pro. Loaded only when the
// region table is seeded (it is an empty table's first start), so a normal start does not pay for it.

export type RegionLevel = 'country' | 'province' | 'city';

export type RegionRow = {
  code: string;
  parentCode: string | null;
  level: RegionLevel;
  nameEn: string;
  nameZh: string;
  sortNo: number;
};

export const CHINA_CODE = 'CN';

type LocaleNames = Record<string, string | string[]>;

/**
 * The English name a person looks for among the package's names: its first alias (the common short form,
 * "China", "United States", "Russia") unless that is an abbreviation ("UK", "UAE"), an inverted form
 * ("Korea, Republic of") or shared with another country ("Congo"); else the official name.
 */
function countryNameEn(code: string, names: LocaleNames, counts: Map<string, number>): string {
  const value = names[code]!;
  if (typeof value === 'string') return value;
  const official = value[0]!;
  const alias = value[1];
  const usable =
    alias !== undefined && /[a-z]/.test(alias) && !alias.includes(',') && (counts.get(alias) ?? 0) === 1;
  if (!usable) return official;
  // "Aland Islands" is "Åland Islands" written without its accent: keep the accented spelling.
  return withoutAccents(alias) === withoutAccents(official) && alias === withoutAccents(alias)
    ? official
    : alias;
}

const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

const sortKey = (name: string) => name.replace(/^The /, '');

export function buildCountries(): RegionRow[] {
  const en = enLocale.countries as LocaleNames;
  const zh = zhLocale.countries as LocaleNames;
  const counts = new Map<string, number>();
  for (const value of Object.values(en)) {
    for (const name of Array.isArray(value) ? value : [value]) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const rows = Object.keys(en).map((code) => {
    const zhName = zh[code];
    return {
      code,
      nameEn: countryNameEn(code, en, counts),
      nameZh: (Array.isArray(zhName) ? zhName[0] : zhName) ?? countryNameEn(code, en, counts),
    };
  });
  // China first (the marketplace's home), then by English name.
  rows.sort((a, b) =>
    a.code === CHINA_CODE
      ? -1
      : b.code === CHINA_CODE
        ? 1
        : sortKey(a.nameEn).localeCompare(sortKey(b.nameEn), 'en', { sensitivity: 'base' }),
  );
  return rows.map((row, index) => ({ ...row, parentCode: null, level: 'country', sortNo: index }));
}

/**
 * Names whose English form is not the pinyin of the Chinese one: Shaanxi keeps its distinct spelling (plain
 * pinyin would equal Shanxi), Inner Mongolia is the official English name, and Hong Kong and Macao are
 * named in English after their own usage (as ISO 3166-1 names them).
 */
const ENGLISH_NAMES: Record<string, string> = {
  '150000': 'Inner Mongolia',
  '610000': 'Shaanxi',
  '810000': 'Hong Kong',
  '810100': 'Hong Kong Island',
  '810200': 'Kowloon',
  '810300': 'New Territories',
  '820000': 'Macao',
  '820100': 'Macao Peninsula',
  '820200': 'Islands',
};

/** Administrative suffixes, longest first; the English name keeps only the ones listed with a word. */
const SUFFIXES: [string, string][] = [
  ['特别行政区', ''],
  ['自治区', ''],
  ['自治州', ''],
  ['自治县', ''],
  ['新区', ' New Area'],
  ['地区', ''],
  ['林区', ''],
  ['省', ''],
  ['市', ''],
  ['盟', ''],
  ['县', ''],
  ['区', ''],
];

/** Peoples named in autonomous divisions (广西壮族自治区, 伊犁哈萨克自治州): not part of the place name. */
const PEOPLES = [
  '土家族',
  '布依族',
  '哈尼族',
  '景颇族',
  '傈僳族',
  '朝鲜族',
  '蒙古族',
  '柯尔克孜',
  '维吾尔',
  '哈萨克',
  '蒙古',
  '壮族',
  '回族',
  '苗族',
  '藏族',
  '羌族',
  '彝族',
  '侗族',
  '傣族',
  '白族',
  '黎族',
  '瑶族',
];

/** The place name inside a division's Chinese name: 恩施土家族苗族自治州 → 恩施, plus an English suffix. */
export function placeName(nameZh: string): { stem: string; suffixEn: string } {
  for (const [suffix, suffixEn] of SUFFIXES) {
    if (!nameZh.endsWith(suffix)) continue;
    let stem = nameZh.slice(0, -suffix.length);
    if (suffix.startsWith('自治')) {
      for (let changed = true; changed; ) {
        changed = false;
        const people = PEOPLES.find((p) => stem.endsWith(p) && stem.length > p.length + 1);
        if (people) {
          stem = stem.slice(0, -people.length);
          changed = true;
        } else if (/^.{2,}[\u4e00-\u9fff]族$/u.test(stem)) {
          // A people missing from the list above: drop its one-character name (X族).
          stem = stem.slice(0, -2);
          changed = true;
        }
      }
    }
    // 忠县 stays Zhongxian: a one-character place name keeps its suffix.
    if (stem.length < 2) return { stem: nameZh, suffixEn: '' };
    return { stem, suffixEn };
  }
  return { stem: nameZh, suffixEn: '' };
}

/**
 * Place names whose characters pinyin-pro reads with their everyday sound instead of the place name's
 * (什 shén / shí, 都 dōu / dū, 行 xíng / háng). Found by listing every division name with a polyphonic
 * character; the region test pins them.
 */
const PINYIN_FIXES: Record<string, string> = {
  喀什: 'ka shi',
  丰都: 'feng du',
  昌都: 'chang du',
  闵行: 'min hang',
};

/** Pinyin written as a place name: one word, capitalised, with the apostrophe before a/o/e (Xi'an). */
export function pinyinName(chinese: string): string {
  const fixed = PINYIN_FIXES[chinese];
  const syllables = (
    fixed ? fixed.split(' ') : pinyin(chinese, { toneType: 'none', type: 'array', nonZh: 'consecutive' })
  )
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const word = syllables.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function divisionNameEn(code: string, nameZh: string): string {
  const known = ENGLISH_NAMES[code];
  if (known) return known;
  const { stem, suffixEn } = placeName(nameZh);
  return `${pinyinName(stem)}${suffixEn}`;
}

/** China's province-level divisions with their cities (prefecture level). */
export function buildChinaDivisions(): RegionRow[] {
  const { province_list: provinces, city_list: cities, county_list: counties } = areaList;
  const byCode = (a: [string, string], b: [string, string]) => a[0].localeCompare(b[0]);
  const under = (list: Record<string, string>, prefix: string) =>
    Object.entries(list)
      .filter(([code]) => code.startsWith(prefix))
      .sort(byCode);
  const rows: RegionRow[] = [];
  Object.entries(provinces)
    .sort(byCode)
    .forEach(([code, nameZh], index) => {
      rows.push({
        code,
        parentCode: CHINA_CODE,
        level: 'province',
        nameEn: divisionNameEn(code, nameZh),
        nameZh,
        sortNo: index,
      });
      const prefix = code.slice(0, 2);
      const own = under(cities, prefix);
      // Beijing, Tianjin, Shanghai and Chongqing list themselves as their one city: their districts and
      // counties are the places a person picks.
      const municipality = own.some(([, name]) => name === nameZh);
      const places: [string, string][] = municipality
        ? under(counties, prefix)
        : own.flatMap(([cityCode, cityName]): [string, string][] =>
            // x9xx00 (省直辖县, e.g. 429000) groups county-level cities governed by the province itself
            // (仙桃市, 石河子市): those cities stand at city level.
            cityCode.slice(2, 4) === '90' ? under(counties, cityCode.slice(0, 4)) : [[cityCode, cityName]],
          );
      places.sort(byCode).forEach(([cityCode, cityName], cityIndex) => {
        rows.push({
          code: cityCode,
          parentCode: code,
          level: 'city',
          nameEn: divisionNameEn(cityCode, cityName),
          nameZh: cityName,
          sortNo: cityIndex,
        });
      });
    });
  return rows;
}

/** Every row of the region table. */
export function buildRegionRows(): RegionRow[] {
  return [...buildCountries(), ...buildChinaDivisions()];
}
