/**
 * @weft/studio — an HTTP API and a live page over a Weft agent or compiled graph.
 */
export {};
