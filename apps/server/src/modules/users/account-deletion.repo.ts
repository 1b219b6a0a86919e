import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projectMembers, projects } from '../../db/schema.js';

/**
 * The projects where the user is the only ADMIN while others are members: deleting the account
 * would leave them without anyone to manage them.
 */
export async function findProjectsLastAdminOf(db: Db, userId: string): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(
      and(
        eq(projectMembers.userId, userId),
        eq(projectMembers.role, 'ADMIN'),
        sql`not exists (select 1 from ${projectMembers} other where other.project_id = "project_members"."project_id" and other.user_id <> ${userId} and other.role = 'ADMIN')`,
        sql`exists (select 1 from ${projectMembers} other where other.project_id = "project_members"."project_id" and other.user_id <> ${userId})`,
      ),
    )
    .orderBy(asc(projects.name));
}
