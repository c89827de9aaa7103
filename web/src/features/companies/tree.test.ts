import type { CompanyTreeNode } from '@fleetport/contracts/companies';
import { describe, expect, it } from 'vitest';
import { branchIds, buildTree } from './tree.ts';

const node = (id: number, name: string, parent_id: number | null, level: number): CompanyTreeNode => ({
  id,
  name,
  parent_id,
  level,
  users: 0,
  devices: 0,
  subsidiaries: 0,
});

describe('buildTree (the tree view of /companies/tree)', () => {
  it('nests each company under its parent, siblings by name', () => {
    const roots = buildTree([
      node(2, 'Acme Networks', 1, 2),
      node(4, 'Acme West', 2, 3),
      node(3, 'Acme East', 2, 3),
      node(5, 'Acme East Retail', 3, 4),
    ]);
    expect(roots.map((root) => root.node.name)).toEqual(['Acme Networks']);
    expect(roots[0]?.children.map((child) => child.node.name)).toEqual(['Acme East', 'Acme West']);
    expect(roots[0]?.children[0]?.children.map((child) => child.node.name)).toEqual(['Acme East Retail']);
  });

  it("a company whose parent the caller cannot see is a root (an admin's own company)", () => {
    const roots = buildTree([node(3, 'Acme East', 2, 3), node(5, 'Acme East Retail', 3, 4)]);
    expect(roots.map((root) => root.node.id)).toEqual([3]);
  });

  it('branchIds lists the companies that have subsidiaries', () => {
    const roots = buildTree([node(1, 'Fleetport', null, 1), node(2, 'Acme', 1, 2), node(3, 'East', 2, 3)]);
    expect(branchIds(roots)).toEqual([1, 2]);
  });
});
