/** A maximum matching between rows and columns: which column each row took, and which row each column went to. */
export interface Matching {
  /** The column matched to each row, or -1. */
  columnOf: number[];
  /** The row matched to each column, or -1. */
  rowOf: number[];
  size: number;
}

/**
 * A maximum bipartite matching (Kuhn's augmenting paths, O(rows × pairs)):
 * each row is paired with at most one column it `fits`, and each column
 * with at most one row, with as many pairs as possible. A greedy pass is
 * not enough: a loose expected step (`{ tool: 'search' }`) may take the one
 * call a strict one (`{ tool: 'search', args: { q: 'refund' } }`) needed,
 * and a trajectory that holds every expected step would fail. Rows are
 * tried in order, and each row first tries its columns in order, so a
 * matching of steps prefers the earliest calls.
 *
 * @example
 * maxMatching(2, 2, (row, column) => row === 0 || column === 0).size; // 2: row 1 gets column 0, row 0 column 1
 */
export function maxMatching(rows: number, columns: number, fits: (row: number, column: number) => boolean): Matching {
  const edges: number[][] = [];
  for (let row = 0; row < rows; row++) {
    const list: number[] = [];
    for (let column = 0; column < columns; column++) if (fits(row, column)) list.push(column);
    edges.push(list);
  }
  const columnOf = new Array<number>(rows).fill(-1);
  const rowOf = new Array<number>(columns).fill(-1);
  let size = 0;
  for (let row = 0; row < rows; row++) {
    if (augment(row, edges, columnOf, rowOf, new Set<number>())) size++;
  }
  return { columnOf, rowOf, size };
}

/** Finds a column for `row`, moving rows matched before to other columns when that frees one. */
function augment(row: number, edges: number[][], columnOf: number[], rowOf: number[], seen: Set<number>): boolean {
  for (const column of edges[row] ?? []) {
    if (seen.has(column)) continue;
    seen.add(column);
    const holder = rowOf[column] ?? -1;
    if (holder === -1 || augment(holder, edges, columnOf, rowOf, seen)) {
      columnOf[row] = column;
      rowOf[column] = row;
      return true;
    }
  }
  return false;
}
