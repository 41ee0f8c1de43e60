import type { EntityRecord } from '@organiser/domain';
import { Card } from 'antd';
import { useVisibleRoutes } from '../navigation/visible-routes-context';
import { ChildList, childEntitiesOf } from './child-list';
import { useEntityMeta } from './entity-meta';

/** The children of a record (entities declaring it as their `parent`) that the user may read, one panel each:
 * on the parent's edit page and in its detail drawer. */
export function ChildPanels({ entity, record }: { entity: string; record: EntityRecord }) {
  const { flat } = useVisibleRoutes();
  // a child's records are read with its own menu permission
  const readable = childEntitiesOf(entity).filter((child) =>
    flat.some((r) => r.fullPath === child.permission.menu),
  );
  return (
    <>
      {readable.map((child) => (
        <ChildPanel key={child.name} entity={child.name} parentId={record.id} />
      ))}
    </>
  );
}

function ChildPanel({ entity, parentId }: { entity: string; parentId: number }) {
  const meta = useEntityMeta(entity);
  return (
    <Card size="small" className="entity-form-group entity-child-panel" title={meta.label({ plural: true })}>
      <ChildList entity={entity} parentId={parentId} />
    </Card>
  );
}
