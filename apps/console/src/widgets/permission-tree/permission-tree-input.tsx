import type { Bilingual } from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { callApi } from '../../api/call';
import { usePermissionTreeText } from './messages';
import { PermissionTree } from './permission-tree';
import type { TreeEntry } from './tree-model';

/** One entry of `GET /api/role/permission_tree`: every permission in tree order, `grantable` when the caller
 * holds it (only those may be granted). */
export type PermissionTreeEntry = TreeEntry & {
  icon: string | null;
  name: Bilingual;
  sortNo: number;
  status: 'enabled' | 'disabled';
  builtIn: boolean;
  stale: boolean;
  roles: number;
};

/** Under the access screens' query key, so that a save there (which refreshes `['access']`) reloads it. */
export const permissionTreeKey = ['access', 'tree'] as const;

export const loadPermissionTree = async (signal?: AbortSignal) =>
  (await callApi('role_permission_tree', { signal })).content as PermissionTreeEntry[];

/** The permission tree of the caller, loaded once per screen and shared by every tree shown. */
export function usePermissionTree() {
  return useQuery({ queryKey: permissionTreeKey, queryFn: ({ signal }) => loadPermissionTree(signal) });
}

type Props = {
  id?: string;
  value?: readonly number[] | null;
  onChange?: (ids: number[]) => void;
  disabled?: boolean;
};

/**
 * A role's grants as a form control (widget `permissionTree`): the value is the ids of the granted permissions;
 * the tree comes from the server with what the caller may grant, so nothing the caller lacks can be checked.
 */
export function PermissionTreeInput({ id, value, onChange, disabled }: Props) {
  const text = usePermissionTreeText();
  const tree = usePermissionTree();
  if (tree.isError) return <Alert type="error" showIcon title={text('tree.loadFailed')} />;
  if (!tree.data) return <Spin />;
  return (
    <div id={id}>
      <PermissionTree
        entries={tree.data}
        value={value ?? []}
        onChange={(ids) => onChange?.(ids)}
        disabled={disabled}
      />
    </div>
  );
}

/** How a stored grant list reads in a cell or in history: the number of permissions. */
export function PermissionCount({ ids }: { ids: readonly number[] }) {
  const text = usePermissionTreeText();
  return <>{text('tree.count', { count: ids.length })}</>;
}
