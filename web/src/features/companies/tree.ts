import type { CompanyTreeNode } from '@fleetport/contracts/companies';

export interface TreeBranch {
  node: CompanyTreeNode;
  children: TreeBranch[];
}

/**
 * The tree of GET /companies/tree (a flat list, parents first). A company whose parent is not in
 * the list (the caller's own company, for an admin) is a root of what the caller sees.
 */
export function buildTree(nodes: readonly CompanyTreeNode[]): TreeBranch[] {
  const branches = new Map<number, TreeBranch>();
  for (const node of nodes) branches.set(node.id, { node, children: [] });
  const roots: TreeBranch[] = [];
  for (const node of nodes) {
    const branch = branches.get(node.id) as TreeBranch;
    const parent = node.parent_id === null ? undefined : branches.get(node.parent_id);
    if (parent) parent.children.push(branch);
    else roots.push(branch);
  }
  const byName = (a: TreeBranch, b: TreeBranch) => a.node.name.localeCompare(b.node.name);
  const sort = (list: TreeBranch[]) => {
    list.sort(byName);
    for (const branch of list) sort(branch.children);
  };
  sort(roots);
  return roots;
}

/** The ids of every company with subsidiaries (what 'Expand all' opens). */
export function branchIds(roots: readonly TreeBranch[]): number[] {
  const ids: number[] = [];
  const walk = (list: readonly TreeBranch[]) => {
    for (const branch of list) {
      if (branch.children.length > 0) ids.push(branch.node.id);
      walk(branch.children);
    }
  };
  walk(roots);
  return ids;
}
