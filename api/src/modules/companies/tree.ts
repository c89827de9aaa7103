import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';

export interface TreeNode {
  id: number;
  path: string;
  depth: number;
}

/**
 * Adds a company under `parent` (or as a root) and fills in its materialised path
 * (`<parent path><id>/`), which needs the new id: the one way companies enter the tree.
 */
export async function insertCompany(
  db: Pick<Db, 'insert' | 'update'>,
  company: { name: string; parent?: TreeNode | undefined; showPayment?: boolean },
): Promise<TreeNode> {
  const { parent } = company;
  const [row] = await db
    .insert(companies)
    .values({
      name: company.name,
      parentId: parent?.id ?? null,
      path: 'pending',
      depth: parent ? parent.depth + 1 : 0,
      showPayment: company.showPayment ?? false,
    })
    .returning();
  if (!row) throw new Error('company insert returned nothing');
  const path = `${parent?.path ?? ''}${row.id}/`;
  await db.update(companies).set({ path }).where(eq(companies.id, row.id));
  return { id: row.id, path, depth: row.depth };
}
