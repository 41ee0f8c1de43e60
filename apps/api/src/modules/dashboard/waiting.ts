import {
  buyRequirement,
  CHAT_MENU,
  company,
  consult,
  type EntityDef,
  product,
  siteChatConversation,
} from '@organiser/domain';
import type { AuthUser } from '../../access/route-access';
import type { Db } from '../../db/client';
import { countListed, type Engine, type RowScope } from '../../engine';

// The work waiting for the signed-in person: each kind is a filter of a list screen, counted with the very
// conditions of that list (`countListed`), within the person's row scope, and shown only to a person who may
// open that list. The link is the list screen with the filter in its URL, as the list keeps it.

export const WAITING_KINDS = [
  'companiesToAudit',
  'productsToAudit',
  'consultsUnreplied',
  'chatsUnreplied',
  'requirementsToAuthorise',
] as const;
export type WaitingKind = (typeof WAITING_KINDS)[number];

type Waiting = {
  kind: WaitingKind;
  def: EntityDef;
  menu: string;
  params: Record<string, string>;
  /** Not for a supplier account (its own company's audit is on its dashboard's company card). */
  staffOnly?: boolean;
};

const WAITING: Waiting[] = [
  {
    kind: 'companiesToAudit',
    def: company,
    menu: company.permission.menu,
    params: { auditStatus: 'pending' },
    staffOnly: true,
  },
  {
    kind: 'productsToAudit',
    def: product,
    menu: product.permission.menu,
    params: { auditStatus: 'pending' },
  },
  {
    kind: 'consultsUnreplied',
    def: consult,
    menu: consult.permission.menu,
    params: { isFeedback: 'false' },
  },
  { kind: 'chatsUnreplied', def: siteChatConversation, menu: CHAT_MENU, params: { replied: 'false' } },
  {
    kind: 'requirementsToAuthorise',
    def: buyRequirement,
    menu: buyRequirement.permission.menu,
    params: { authed: 'pending' },
  },
];

export type WaitingCard = {
  kind: WaitingKind;
  count: number;
  /** The console path of the filtered list. */
  link: string;
  /** The list call answering the same rows: `GET /api/<entity>/list?<filter>`. */
  list: string;
};

/** The waiting work of a person: the kinds whose list is open to them, each counted in their row scope. */
export async function waitingWork(
  db: Db,
  engine: Engine,
  user: AuthUser,
  may: (menu: string) => Promise<boolean>,
  rowScope: RowScope | null,
): Promise<WaitingCard[]> {
  const out: WaitingCard[] = [];
  for (const w of WAITING) {
    if (w.staffOnly && rowScope) continue;
    if (!user.isRoot && !(await may(w.menu))) continue;
    const entity = engine.get(w.def.name);
    if (!entity) continue;
    const count = await countListed(db, entity, w.params, rowScope);
    if (count === null) continue;
    const query = new URLSearchParams(w.params).toString();
    out.push({
      kind: w.kind,
      count,
      link: `${w.menu}?${query}`,
      list: `/api/${w.def.name}/list?${query}`,
    });
  }
  return out;
}
