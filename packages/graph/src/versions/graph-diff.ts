/**
 * What changed between two versions of a graph, as plain JSON (a CLI prints
 * it, a migration check reads it). Made by `diffGraphs(old, next)`.
 *
 * Subgraphs are flattened: a node that holds a subgraph in both versions is
 * diffed recursively, and every node id, edge end, agent and schema found
 * inside it is prefixed with the holder's path, `outer/inner` (the prefixes the
 * viewer uses for subgraph nodes). Every list keeps IR order: removed entries
 * in the old graph's order, added and changed ones in the next graph's.
 */
export interface GraphDiff {
  /**
   * - `identical`: the same hash, and nothing below differs (annotations and
   *   schemas included);
   * - `same-structure`: the same hash, so a checkpoint maps onto the next
   *   graph unchanged, but annotations (prompts, models, tools), schemas or
   *   the version label differ;
   * - `structural`: the hashes differ. Every list may still be empty when only
   *   the order of the nodes or edges changed (the hash covers the order).
   */
  status: 'identical' | 'same-structure' | 'structural';
  hash: { before: string; after: string };
  /** The graph's name, when it changed (the name is part of the hash). */
  name?: { before: string; after: string };
  /** The `compile({ version })` labels, when they differ (not part of the hash). */
  version?: { before: string | undefined; after: string | undefined };
  nodes: {
    added: NodeEntry[];
    removed: NodeEntry[];
    changed: NodeChange[];
    /**
     * Removed and added nodes that are probably one node renamed. A guess for
     * a person (or a migration's `nodes` map) to confirm: the nodes stay in
     * `added` and `removed` too.
     */
    renames: RenameCandidate[];
  };
  edges: { added: EdgeEntry[]; removed: EdgeEntry[] };
  /** Input and output JSON Schemas that differ (deep comparison), the top graph's and every subgraph's. */
  schemas: SchemaChange[];
  /** The agents of the graph (its `chat-model` nodes with an `agent` annotation), compared by node id. */
  agents: { added: AgentEntry[]; removed: AgentEntry[]; changed: AgentChange[] };
}

export interface NodeEntry {
  /** The node's id, prefixed with the path of the subgraph nodes that hold it (`outer/inner`). */
  id: string;
  kind: string;
  trigger: 'any' | 'all';
}

/** A node present in both versions whose kind, trigger, address, fan-in, subgraph or annotations differ. */
export interface NodeChange {
  id: string;
  /** In a fixed order: kind, trigger, address, fan-in, subgraph, annotations. */
  changes: NodeFieldChange[];
}

export type NodeFieldChange =
  | { field: 'kind'; before: string; after: string }
  | { field: 'trigger'; before: 'any' | 'all'; after: 'any' | 'all' }
  /** The interrupt address (`undefined`: the node's name is its address). */
  | { field: 'address'; before: string | undefined; after: string | undefined }
  /**
   * The predecessors a join (a node with trigger `all` in both versions)
   * waits for, with the subgraph prefix: a checkpoint taken while a join
   * waits records which of them had delivered.
   */
  | { field: 'fan-in'; before: string[]; after: string[] }
  /** The name of the graph the node holds (`undefined`: none), when it differs or appears or goes. */
  | { field: 'subgraph'; before: string | undefined; after: string | undefined }
  /**
   * The annotation keys whose values differ, added or removed. Only for nodes
   * that are not part of an agent: an agent's annotations are compared in
   * `GraphDiff.agents`.
   */
  | { field: 'annotations'; keys: string[] };

/**
 * A removed node and an added node that probably are one node renamed: both
 * have the same kind and trigger, and at least one more piece of evidence.
 * Each removed node is paired with the added nodes that fit it best, and each
 * added node with the removed nodes that fit it best; a pair is listed when
 * each is among the other's best.
 */
export type RenameCandidate =
  /** Each is the other's only best fit. */
  | { certainty: 'probable'; from: string; to: string; evidence: RenameEvidence[] }
  /**
   * Another node fits as well (`rivals`: the other added nodes that fit
   * `from` as well, then the other removed nodes that fit `to` as well), so no
   * rename is claimed: every such pair is listed.
   */
  | { certainty: 'ambiguous'; from: string; to: string; evidence: RenameEvidence[]; rivals: string[] };

/**
 * - `same-kind-and-trigger`: always there (a pair needs it);
 * - `same-neighbours`: the same predecessors and successors, by edge kind,
 *   once the nodes common to both versions and the probable renames found so
 *   far are mapped (so a renamed agent and its renamed tools node confirm each
 *   other);
 * - `same-agent`: both are agent nodes whose annotations are equal except the
 *   agent's name (its last `agentPath` segment);
 * - `same-annotations`: both have the same non-empty annotations;
 * - `same-address`: both keep the same explicit interrupt address;
 * - `same-subgraph`: both hold a subgraph with the same hash.
 */
export type RenameEvidence =
  'same-kind-and-trigger' | 'same-neighbours' | 'same-agent' | 'same-annotations' | 'same-address' | 'same-subgraph';

export interface EdgeEntry {
  from: string;
  to: string;
  kind: 'edge' | 'branch';
}

export type SchemaChange = {
  /** The subgraph node whose graph's schema this is, `''` for the top graph. */
  at: string;
  schema: 'input' | 'output';
} & (
  | { change: 'added'; after: Record<string, unknown> }
  | { change: 'removed'; before: Record<string, unknown> }
  | { change: 'changed'; before: Record<string, unknown>; after: Record<string, unknown> }
);

export interface AgentEntry {
  /** The agent's name (its `agent` annotation). */
  name: string;
  /** The id of its `chat-model` node, prefixed like node ids. */
  node: string;
  /** Its `agentPath` annotation: the names from the root agent down to it. */
  path: string[];
  model: string | undefined;
}

export interface AgentChange {
  name: string;
  node: string;
  /** In a fixed order: instruction, description, model, path, tools, transfer targets. */
  changes: AgentFieldChange[];
}

export type AgentFieldChange =
  | { field: 'instruction'; before: string | undefined; after: string | undefined }
  | { field: 'description'; before: string | undefined; after: string | undefined }
  | { field: 'model'; before: string | undefined; after: string | undefined }
  | { field: 'path'; before: string[]; after: string[] }
  | { field: 'tool'; change: 'added' | 'removed'; tool: string }
  /**
   * A tool the agent has in both versions whose definition (on the agent's
   * `tools` node) changed: its description, its parameters' JSON Schema, or both.
   */
  | { field: 'tool'; change: 'changed'; tool: string; parts: Array<'description' | 'parameters'> }
  | { field: 'transfer-target'; change: 'added' | 'removed'; agent: string };
