import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_DELIVERY, notificationKinds, type NotificationDelivery, type NotificationKind } from '@tasklane/contract';
import type { Db } from '../../db/client.js';
import { notificationPreferences, users } from '../../db/schema.js';

export type DeliveryByKind = Record<NotificationKind, NotificationDelivery>;

/** Every kind's delivery: the person's choice where they made one, else the default. */
export function withDefaults(chosen: Array<{ kind: string; delivery: string }>): DeliveryByKind {
  const result: DeliveryByKind = { ...DEFAULT_NOTIFICATION_DELIVERY };
  for (const row of chosen) {
    if ((notificationKinds as readonly string[]).includes(row.kind)) result[row.kind as NotificationKind] = row.delivery as NotificationDelivery;
  }
  return result;
}

/**
 * SQL: whether a notification (its recipient, kind and newest event's time) goes by `delivery`.
 * The recipient's choice where they made one, and only for what happened after they made it
 * (turning email on does not mail what was already waiting); else the contract's default.
 */
export function goesBy(delivery: NotificationDelivery, notification: { userId: SQL; kind: SQL; at: SQL }) {
  const defaults = sql.join(
    notificationKinds.map((each) => sql`when ${each} then ${DEFAULT_NOTIFICATION_DELIVERY[each]}`),
    sql` `,
  );
  return sql`coalesce(
    (select np.delivery = ${delivery} and np.updated_at <= ${notification.at} from notification_preferences np
      where np.user_id = ${notification.userId} and np.kind = ${notification.kind}),
    (case ${notification.kind} ${defaults} else 'IN_APP' end) = ${delivery})`;
}

export async function findPreferences(db: Db, userId: string) {
  return db.select({ kind: notificationPreferences.kind, delivery: notificationPreferences.delivery }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

/** Stores the person's choices for these kinds (the others keep theirs); a choice saved again unchanged keeps its time. */
export async function savePreferences(db: Db, userId: string, changes: Array<{ kind: NotificationKind; delivery: NotificationDelivery }>) {
  if (changes.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(changes.map((change) => ({ userId, kind: change.kind, delivery: change.delivery })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { delivery: sql`excluded.delivery`, updatedAt: sql`statement_timestamp()` },
      setWhere: sql`${notificationPreferences.delivery} is distinct from excluded.delivery`,
    });
}

/**
 * The chosen rows of an account that may still receive email (not deleted), or undefined when
 * there is none: what an unsubscribe link may act on.
 */
export async function findActivePreferences(db: Db, userId: string) {
  const rows = await db
    .select({ kind: notificationPreferences.kind, delivery: notificationPreferences.delivery })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (rows.length === 0) return undefined;
  return rows.flatMap((row) => (row.kind && row.delivery ? [{ kind: row.kind, delivery: row.delivery }] : []));
}

/** Sets these kinds to in-app only for an account that is not deleted; false when there is none. */
export async function turnOffEmail(db: Db, userId: string, kinds: readonly NotificationKind[]): Promise<boolean> {
  const rows = await db.execute(sql`
    insert into notification_preferences (user_id, kind, delivery)
    select u.id, k.kind, 'IN_APP' from users u cross join unnest(${`{${kinds.join(',')}}`}::text[]) as k(kind)
    where u.id = ${userId} and u.deleted_at is null
    on conflict (user_id, kind) do update set delivery = 'IN_APP', updated_at = statement_timestamp()
    returning user_id`);
  const list = (rows as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
  return list.length > 0;
}
