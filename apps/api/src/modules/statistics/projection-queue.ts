import { type SQL, sql } from 'drizzle-orm';

// The behaviour events stored but not yet projected (`statistics.projection: queued`, the table
// `behaviour_projection_queue`) as the rebuilds of what the projection moves see them: a rebuild reads the events
// already projected and leaves the queued ones to the projection, which adds them after it.

/** Arbitrary constant naming the projection's advisory lock: one queued run or fold at a time across the nodes;
 * the rollups' rebuild holds it too, so no run is under way while it reads the events. */
export const PROJECTION_LOCK_KEY = 7_310_402_311;

/** The event of the query aliased `alias` is not waiting in the projection queue. */
export const notQueued = (alias: string): SQL =>
  sql`not exists (select 1 from behaviour_projection_queue q
    where q.event_id = ${sql.identifier(alias)}.event_id and q.created_at = ${sql.identifier(alias)}.created_at)`;
