/** The input a node gets when control enters an agent (as opposed to continuing inside it). */
export interface Enter {
  enter: true;
}
export const ENTER: Enter = { enter: true };
