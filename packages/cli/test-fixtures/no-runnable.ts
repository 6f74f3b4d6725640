/** A module with nothing `weft run` can run: the CLI lists these exports. */
export const answer = 42;
export function greet(name: string): string {
  return `hello ${name}`;
}
