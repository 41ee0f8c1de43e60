import type { FlatRoute } from '@organiser/domain';

/** What every page of the layout receives: its catalogue route and the location's parameters (`{ id: '12' }`). */
export type PageProps = { route: FlatRoute; params: Record<string, string> };
