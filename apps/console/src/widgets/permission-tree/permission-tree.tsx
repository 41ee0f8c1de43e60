import { Empty, Input, Tag, Tooltip, Tree, type TreeDataNode } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import { formPageCompanions } from './form-pages';
import { usePermissionTreeText } from './messages';
import { buildTree, checkStates, matchingIds, type TreeEntry, type TreeNode, toggle } from './tree-model';
import './permission-tree.css';

type Props = {
  entries: readonly TreeEntry[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
};

/**
 * The permission tree of a role: menus with their resources underneath, checkable. A click on a menu grants it
 * with its reads (and the menus above it); writes are checked one by one (a write brings its hidden form page); a parent partly granted shows
 * half-checked. The search box filters by name in either language or by url.
 */
export function PermissionTree({ entries, value, onChange, disabled }: Props) {
  const text = usePermissionTreeText();
  const lang = useLang();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword);
  const granted = useMemo(() => new Set(value), [value]);
  const states = useMemo(() => checkStates(entries, granted), [entries, granted]);
  const visible = useMemo(() => matchingIds(entries, deferred), [entries, deferred]);
  const forest = useMemo(() => buildTree(entries), [entries]);
  const companions = useMemo(() => formPageCompanions(entries), [entries]);
  // The groups open, their pages' writes folded; while searching, every match is shown.
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const expandedKeys = visible ? [...visible] : (expanded ?? forest.map((n) => n.entry.id));

  const treeData = useMemo(() => {
    const toData = (node: TreeNode): TreeDataNode | null => {
      const e = node.entry;
      if (visible && !visible.has(e.id)) return null;
      const children = node.children.map(toData).filter((c): c is TreeDataNode => c !== null);
      const notYours = e.grantable === false && !granted.has(e.id);
      const title = (
        <span className="permission-tree-title">
          <span>{pick(e.name, lang)}</span>
          {e.type === 'resource' ? (
            <Tag className="permission-tree-route" bordered={false}>{`${e.method} ${e.url}`}</Tag>
          ) : node.children.length > 0 && node.children.every((c) => c.entry.type === 'resource') ? (
            <span className="permission-tree-hint"> ({text('tree.readsIncluded')})</span>
          ) : null}
        </span>
      );
      return {
        key: e.id,
        title: notYours ? <Tooltip title={text('tree.notYours')}>{title}</Tooltip> : title,
        disableCheckbox: notYours,
        children,
      };
    };
    return forest.map(toData).filter((c): c is TreeDataNode => c !== null);
  }, [forest, visible, granted, lang, text]);

  const checked = entries.filter((e) => states.get(e.id) === 'checked').map((e) => e.id);
  const halfChecked = entries.filter((e) => states.get(e.id) === 'half').map((e) => e.id);

  return (
    <div className="permission-tree">
      <Input.Search
        allowClear
        aria-label={text('tree.search')}
        placeholder={text('tree.search')}
        value={keyword}
        onChange={(ev) => setKeyword(ev.target.value)}
        style={{ maxWidth: 360, marginBottom: 12 }}
      />
      {treeData.length === 0 ? (
        <Empty description={text('tree.empty')} />
      ) : (
        <Tree
          checkable
          checkStrictly
          selectable={false}
          disabled={disabled}
          expandedKeys={expandedKeys}
          onExpand={(keys) => {
            if (!visible) setExpanded(keys.map(Number));
          }}
          treeData={treeData}
          checkedKeys={{ checked, halfChecked }}
          onCheck={(_keys, info) =>
            onChange([...toggle(entries, granted, Number(info.node.key), companions)])
          }
        />
      )}
    </div>
  );
}
