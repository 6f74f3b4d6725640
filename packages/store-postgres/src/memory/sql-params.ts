/**
 * The parameters of one statement being built: `add` keeps a value and
 * returns its placeholder (`$3`), so values only ever travel as parameters
 * and the SQL text holds nothing a caller wrote.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}
