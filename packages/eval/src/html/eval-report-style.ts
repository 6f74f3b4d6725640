/**
 * The report's own styles, after @weft/viz's viewer styles (colours, panels,
 * the drawing): the summary strip, the cases table, the case details, and
 * coverage on the drawing (missed nodes and edges dashed and greyed).
 * Sized for a 1280×720 window: the table and the right pane scroll apart.
 */
export const EVAL_REPORT_CSS = `
.bar .verdict { font-weight: 600; padding: 2px 10px; border-radius: 999px; }
.bar .verdict.pass { background: #e6f4ea; color: #1e7b34; }
.bar .verdict.fail { background: #fdecea; color: #b42318; }
.summary { display: flex; flex-wrap: wrap; gap: 8px 22px; padding: 8px 14px; background: var(--paper); border-bottom: 1px solid var(--line); }
.summary .stats { display: flex; gap: 14px; align-items: flex-end; }
.stat { display: flex; flex-direction: column; align-items: center; min-width: 44px; }
.stat b { font-size: 18px; line-height: 1.1; }
.stat span { font-size: 11px; color: var(--muted); }
.stat[data-stat='passed'] b { color: #1e7b34; }
.stat[data-stat='failed'] b, .stat[data-stat='errored'] b, .stat[data-stat='interrupted'] b { color: #b42318; }
.stat.zero b { color: var(--muted); }
.summary-box { min-width: 150px; }
.summary-box h2 { margin-bottom: 2px; }
.summary-box p { margin: 0; }
.summary .kv { margin: 0; }
.thresholds { list-style: none; margin: 0; padding: 0; font-family: var(--mono); font-size: 12px; }
.threshold.met b { color: #1e7b34; }
.threshold.missed b { color: #b42318; }
.eval-main { flex: 1; display: grid; grid-template-columns: minmax(380px, 42%) 1fr; min-height: 0; }
.cases-pane { overflow: auto; border-right: 1px solid var(--line); background: var(--paper); }
table.cases { border-collapse: collapse; width: 100%; font-size: 12.5px; }
table.cases th, table.cases td { padding: 4px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
table.cases thead th { position: sticky; top: 0; background: var(--wash); font-size: 11.5px; color: var(--muted); z-index: 1; }
table.cases .num { text-align: right; font-family: var(--mono); }
.case-id { font-family: var(--mono); font-weight: 600; word-break: break-all; }
tr.case-row { cursor: pointer; }
tr.case-row:hover, tr.case-row:focus { background: #f0f4f8; outline: none; }
tr.case-row.failed, tr.case-row.error, tr.case-row.interrupted { background: #fff5f4; box-shadow: inset 3px 0 0 #d92d20; }
tr.case-row.selected { background: #e7f0fb; box-shadow: inset 3px 0 0 #3b6fb6; }
.status { font: 600 11px var(--mono); padding: 0 6px; border-radius: 4px; border: 1px solid var(--line); }
.status.passed { color: #1e7b34; border-color: #a6d9b3; background: #eefaf1; }
.status.failed, .status.error { color: #b42318; border-color: #f3b8b2; background: #fdecea; }
.status.interrupted { color: #9a5b00; border-color: #f5d08a; background: #fff6e0; }
.scorer-cell.failed, .scorer-cell.error { color: #b42318; font-weight: 600; }
.scorer-cell.skipped { color: var(--muted); }
.right-pane { display: flex; flex-direction: column; min-width: 0; min-height: 0; }
.tabs { display: flex; gap: 4px; padding: 6px 10px 0; background: var(--wash); border-bottom: 1px solid var(--line); }
.tabs button { border-radius: 6px 6px 0 0; border-bottom: none; }
.tabs button[aria-selected='true'] { background: var(--paper); font-weight: 600; }
.tab { flex: 1; min-height: 0; display: flex; }
.tab[hidden] { display: none; }
.coverage-tab { flex-direction: column; }
.coverage-bar { display: flex; gap: 14px; align-items: center; padding: 6px 12px; background: var(--paper); border-bottom: 1px solid var(--line); font-size: 11.5px; color: var(--muted); flex-wrap: wrap; }
.coverage-bar .spacer { flex: 1; }
.coverage-body { flex: 1; display: flex; min-height: 0; }
.coverage-body .side { width: 260px; }
.legend-node { display: inline-block; width: 18px; height: 11px; border-radius: 3px; vertical-align: middle; margin-right: 4px; }
.legend-node.covered { border: 2px solid #0b7285; background: #ffffff; }
.legend-node.missed { border: 1.5px dashed #9aa5b1; background: #eceff2; }
.legend-edge { display: inline-block; width: 22px; height: 0; vertical-align: middle; margin-right: 4px; }
.legend-edge.covered { border-top: 2px solid #0b7285; }
.legend-edge.missed { border-top: 2px dashed #b8c0c8; }
.node.covered .node-box { stroke: #0b7285; stroke-width: 2.2; }
.node.missed .node-box { fill: #eceff2; stroke: #9aa5b1; stroke-dasharray: 5 3; }
.node.missed .node-label, .node.missed .node-kind { fill: #8a96a3; }
.edge.missed .edge-line { stroke: #b8c0c8; stroke-dasharray: 4 4; }
.edge.covered .edge-line { stroke-width: 2; }
.case-tab { overflow: auto; display: block; padding: 10px 16px; background: var(--paper); }
.case-head { display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
.case-title { font: 600 15px var(--mono); text-transform: none; letter-spacing: 0; color: var(--ink); margin: 0; word-break: break-all; }
.case-error { margin: 8px 0; padding: 6px 10px; border: 1px solid #f3b8b2; background: #fdecea; color: #7a1a12; border-radius: 6px; }
.scorer { border: 1px solid var(--line); border-radius: 6px; padding: 6px 10px; margin: 6px 0; }
.scorer .head { display: flex; gap: 10px; align-items: baseline; }
.scorer .who { font-weight: 600; }
.scorer .verdict { font: 11px var(--mono); text-transform: uppercase; }
.scorer.passed .verdict { color: #1e7b34; }
.scorer.failed, .scorer.error { border-color: #e8a29b; background: #fff5f4; box-shadow: inset 3px 0 0 #d92d20; }
.scorer.failed .verdict, .scorer.error .verdict { color: #b42318; font-weight: 700; }
.scorer.skipped { color: var(--muted); }
.scorer .reason { margin: 4px 0; white-space: pre-wrap; word-break: break-word; }
.details-label { font-size: 11px; color: var(--muted); margin-top: 4px; }
.trajectory { margin: 4px 0; padding-left: 22px; }
.trajectory li { margin: 4px 0; }
.step-error { color: #b42318; font-family: var(--mono); font-size: 12px; }
.replay iframe { width: 100%; height: 560px; border: 1px solid var(--line); border-radius: 6px; background: var(--wash); }
`;
