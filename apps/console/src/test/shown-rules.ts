/**
 * Style sheets as the suite's queries see them: only the rules that decide whether an element is shown.
 *
 * happy-dom computes an element's style by matching every rule of every style sheet against the element
 * and each of its ancestors; antd puts thousands of rules into the document, and testing-library's role
 * queries ask for the style of every candidate and of its descendants (hidden? a block?) on every poll.
 * Nothing in the suite reads colours, sizes or spacing, which happy-dom does not lay out anyway. What it
 * does read — `display`, `visibility`, `pointer-events` (user-event will not click through `none`) and
 * `content` (pseudo-elements in accessible names) — is decided by the rules that set those properties, so
 * each sheet is seen through a view holding only those rules, in their order and inside their media and
 * supports blocks: the cascade over them is the cascade over the whole sheet.
 */
const SHOWN_PROPERTIES = /(?:^|[;{\s])(?:display|visibility|pointer-events|content|all)\s*:/;

type Rule = CSSRule & { cssRules?: CSSRuleList; selectorText?: string };
const views = new WeakMap<object, { length: number; rules: Rule[] }>();

function declaresShown(rule: Rule): boolean {
  const text = rule.cssText;
  return SHOWN_PROPERTIES.test(text.slice(text.indexOf('{')));
}

function shownRules(rules: ArrayLike<Rule>): Rule[] {
  const cached = views.get(rules);
  if (cached && cached.length === rules.length) return cached.rules;
  const kept: Rule[] = [];
  for (const rule of Array.from(rules)) {
    if (rule.selectorText !== undefined) {
      if (declaresShown(rule)) kept.push(rule);
    } else if (rule.cssRules) {
      const inner = shownRules(rule.cssRules as unknown as ArrayLike<Rule>);
      if (inner.length === 0) continue;
      kept.push(
        new Proxy(rule, {
          get: (target, key) => (key === 'cssRules' ? inner : Reflect.get(target, key, target)),
        }),
      );
    } else {
      kept.push(rule);
    }
  }
  views.set(rules, { length: rules.length, rules: kept });
  return kept;
}

const sheetOf = Object.getOwnPropertyDescriptor(HTMLStyleElement.prototype, 'sheet')?.get;
if (sheetOf) {
  Object.defineProperty(HTMLStyleElement.prototype, 'sheet', {
    configurable: true,
    get(this: HTMLStyleElement) {
      const sheet = sheetOf.call(this) as CSSStyleSheet | null;
      if (!sheet) return sheet;
      const rules = shownRules(sheet.cssRules as unknown as ArrayLike<Rule>);
      return new Proxy(sheet, {
        get: (target, key) => (key === 'cssRules' ? rules : Reflect.get(target, key, target)),
      });
    },
  });
}
