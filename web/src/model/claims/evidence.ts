// What a paper preset sets beside our runs: the paper's own numbers (transcribed into
// presets.json with their table or section) and its claims, each judged on the runs the
// page has, so the verdict is always the one of the numbers on screen. The format, the
// verdict rules and how to write a claim from a paper: docs/claims.md. In short:
//   presets.json "papers": { <id>: { title, citation, tolerance, tolerance_why, abs_floor?, platform? } }
//   a preset's "evidence": { "published": [...], "claims": [ Claim... ] }
//   Claim = { id, paper, kind: "number" | "relation" | "not_expressible", quote, source,
//             check?, paper_value?, unit?, why?, reading?, explain? }
//   Check = { left: Ref, op?, right?: Ref, value?, factor?, steps? },
//   Ref = { series, figure, x? | x_range? }
// A claim without "kind" is a legacy one (this project's own restatement, text + check +
// if_not): judged by today's mean comparison and shown apart, never as a holds of the paper.

export type Op = '<' | '<=' | '>' | '>=' | '==';

export interface Ref {
  series: string;
  figure: string;
  x?: number;
  x_range?: [number, number];
}

export interface Check {
  left: Ref;
  /** Not for a number claim (its figure is compared with the paper's value). */
  op?: Op;
  right?: Ref;
  value?: number;
  factor?: number;
  /** A relation of the left figure with itself, step by step over its x_range: at each
   * swept x, `left op left at the swept x before it` ("keeps decreasing", "decreases
   * steadily": every step, not only the last point against the first). No right, no value. */
  steps?: boolean;
}

/** What a paper's claims are judged with: stated once per paper (presets.json "papers"). */
export interface PaperInfo {
  title: string;
  citation: string;
  /** Relative tolerance of a number claim (0.2: within 20 % of the paper's value). */
  tolerance: number;
  tolerance_why: string;
  /** Per figure, an absolute tolerance for values near 0 ("late_pct": 0.1). */
  abs_floor?: Record<string, number>;
  /** The paper's platform (simulator or stack, and its defaults) that all its presets run. */
  platform?: string;
}

export type ClaimKind = 'number' | 'relation' | 'not_expressible' | 'legacy';

export interface Reading {
  /** The setting the paper leaves unstated, and the value the preset runs. */
  name: string;
  /** A link (hash) to a sweep of that setting. */
  sweep?: string;
  holds_when?: string;
}

export interface Claim {
  /** Stable over regenerations: the recorded verdicts key by it. */
  id: string;
  kind: ClaimKind;
  /** Shown: the paper's words (quote), or a legacy claim's restatement. */
  text: string;
  source: string;
  paper?: string;
  check?: Check;
  paper_value?: number;
  unit?: string;
  /** not_expressible: what the lab cannot model. */
  why?: string;
  reading?: Reading;
  /** For a claim that does not hold: the experiment that explains why. */
  explain?: { text: string; hash?: string };
  /** Legacy: why our reading does not reproduce it. */
  if_not?: string;
  /** Resolved from the paper block when parsed. */
  tolerance?: { relative: number; floor: number };
}

export interface Published {
  label: string;
  series: string;
  figure: string;
  x?: number;
  value: number;
  unit?: string;
  source: string;
}

export interface Evidence {
  published: Published[];
  claims: Claim[];
}

const OPS: readonly Op[] = ['<', '<=', '>', '>=', '=='];
const KINDS = ['number', 'relation', 'not_expressible'] as const;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function readRef(o: unknown, where: string, problems: string[]): Ref | null {
  const r = (o ?? {}) as Record<string, unknown>;
  if (!isStr(r.series) || !isStr(r.figure)) {
    problems.push(`${where}: needs "series" and "figure"`);
    return null;
  }
  const ref: Ref = { series: r.series, figure: r.figure };
  if (r.x !== undefined) {
    if (!isNum(r.x)) return (void problems.push(`${where}: "x" must be a number`), null);
    ref.x = r.x;
  }
  if (r.x_range !== undefined) {
    const xr = r.x_range as unknown[];
    if (!Array.isArray(xr) || xr.length !== 2 || !isNum(xr[0]) || !isNum(xr[1]) || xr[0] > xr[1])
      return (void problems.push(`${where}: "x_range" must be [a, b] with a <= b`), null);
    ref.x_range = [xr[0], xr[1]];
  }
  return ref;
}

/** Reads presets.json's "papers" block; a malformed paper is left out with a message. */
export function parsePapers(doc: unknown): { papers: Record<string, PaperInfo>; problems: string[] } {
  const papers: Record<string, PaperInfo> = {};
  const problems: string[] = [];
  if (doc === undefined) return { papers, problems };
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    return { papers, problems: ['"papers" must be { <paper id>: {...} }'] };
  for (const [id, v] of Object.entries(doc as Record<string, unknown>)) {
    const o = (v ?? {}) as Record<string, unknown>;
    const where = `paper "${id}"`;
    if (!isStr(o.title) || !isStr(o.citation) || !isStr(o.tolerance_why)) {
      problems.push(`${where}: needs title, citation, tolerance and tolerance_why — left out`);
      continue;
    }
    if (!isNum(o.tolerance) || o.tolerance < 0 || o.tolerance > 1) {
      problems.push(`${where}: "tolerance" must be a relative number from 0 to 1 (0.2 = 20 %) — left out`);
      continue;
    }
    const floor = o.abs_floor as Record<string, unknown> | undefined;
    if (
      floor !== undefined &&
      (typeof floor !== 'object' || !floor || Object.values(floor).some((f) => !isNum(f) || f < 0))
    ) {
      problems.push(`${where}: "abs_floor" must map figures to numbers >= 0 — left out`);
      continue;
    }
    if (o.platform !== undefined && !isStr(o.platform)) {
      problems.push(`${where}: "platform" must be text — left out`);
      continue;
    }
    papers[id] = {
      title: o.title,
      citation: o.citation,
      tolerance: o.tolerance,
      tolerance_why: o.tolerance_why,
      ...(floor ? { abs_floor: floor as Record<string, number> } : {}),
      ...(isStr(o.platform) ? { platform: o.platform } : {}),
    };
  }
  return { papers, problems };
}

function readCheck(ch0: unknown, where: string, kind: ClaimKind, problems: string[]): Check | null {
  const ch = (ch0 ?? {}) as Record<string, unknown>;
  const left = readRef(ch.left, `${where} left`, problems);
  const right = ch.right === undefined ? undefined : readRef(ch.right, `${where} right`, problems);
  if (!left || right === null) return (void problems.push(`${where}: bad check — left out`), null);
  if (ch.factor !== undefined && (!isNum(ch.factor) || ch.factor <= 0))
    return (void problems.push(`${where}: "factor" must be a number > 0 — left out`), null);
  const base = { left, ...(right ? { right } : {}), ...(isNum(ch.factor) ? { factor: ch.factor } : {}) };
  if (kind === 'number') {
    // Our number: the left figure, or the ratio left / right (the paper's "30 % of SACK's").
    if (ch.op !== undefined || ch.value !== undefined)
      return (
        void problems.push(`${where}: a number claim compares with "paper_value": give no "op" or "value" — left out`),
        null
      );
    return base;
  }
  if (!OPS.includes(ch.op as Op))
    return (void problems.push(`${where}: "op" must be one of ${OPS.join(' ')} — left out`), null);
  if (kind === 'relation' && ch.op === '==')
    return (
      void problems.push(
        `${where}: a relation cannot be "==" (intervals never say two things are equal): make it a number claim — left out`,
      ),
      null
    );
  if (ch.steps !== undefined) {
    if (ch.steps !== true || kind !== 'relation' || right !== undefined || ch.value !== undefined || !left.x_range)
      return (
        void problems.push(
          `${where}: "steps" is true on a relation of its left over an x_range, with no "right" or "value" — left out`,
        ),
        null
      );
    return { ...base, op: ch.op as Op, steps: true };
  }
  if ((right === undefined) === !isNum(ch.value))
    return (void problems.push(`${where}: give exactly one of "right" and "value" — left out`), null);
  return { ...base, op: ch.op as Op, ...(isNum(ch.value) ? { value: ch.value } : {}) };
}

function readClaim(
  r: Record<string, unknown>,
  where: string,
  fallbackId: string,
  papers: Record<string, PaperInfo>,
  problems: string[],
): Claim | null {
  if (r.kind === undefined) {
    // Legacy: the project's own restatement (not yet rebuilt from the paper).
    if (!isStr(r.text) || !isStr(r.source))
      return (void problems.push(`${where}: needs text and source — left out`), null);
    const check = readCheck(r.check, where, 'legacy', problems);
    if (!check) return null;
    return {
      id: isStr(r.id) ? r.id : fallbackId,
      kind: 'legacy',
      text: r.text,
      source: r.source,
      check,
      ...(isStr(r.if_not) ? { if_not: r.if_not } : {}),
    };
  }
  if (!KINDS.includes(r.kind as (typeof KINDS)[number]))
    return (void problems.push(`${where}: "kind" must be one of ${KINDS.join(', ')} — left out`), null);
  const kind = r.kind as ClaimKind;
  const missing = ['id', 'paper', 'quote', 'source'].filter((f) => !isStr(r[f]));
  if (missing.length)
    return (void problems.push(`${where}: a ${kind} claim needs ${missing.join(', ')} — left out`), null);
  const paper = papers[r.paper as string];
  if (!paper)
    return (void problems.push(`${where}: paper "${r.paper}" is not in presets.json's "papers" — left out`), null);
  const claim: Claim = {
    id: r.id as string,
    kind,
    text: r.quote as string,
    source: r.source as string,
    paper: r.paper as string,
  };
  if (kind === 'not_expressible') {
    if (!isStr(r.why))
      return (
        void problems.push(`${where}: a not_expressible claim needs "why" (what the lab cannot model) — left out`),
        null
      );
    claim.why = r.why;
    return claim;
  }
  const check = readCheck(r.check, where, kind, problems);
  if (!check) return null;
  claim.check = check;
  if (kind === 'number') {
    if (!isNum(r.paper_value))
      return (void problems.push(`${where}: a number claim needs "paper_value" (the paper's number) — left out`), null);
    claim.paper_value = r.paper_value;
    claim.tolerance = { relative: paper.tolerance, floor: paper.abs_floor?.[check.left.figure] ?? 0 };
  }
  if (isStr(r.unit)) claim.unit = r.unit;
  if (r.reading !== undefined) {
    const rd = (r.reading ?? {}) as Record<string, unknown>;
    if (!isStr(rd.name))
      return (
        void problems.push(`${where}: "reading" needs "name" (the unstated setting and the value chosen) — left out`),
        null
      );
    if (rd.sweep !== undefined && !(isStr(rd.sweep) && rd.sweep.startsWith('#')))
      return (void problems.push(`${where}: "reading.sweep" must be a link starting with "#" — left out`), null);
    claim.reading = {
      name: rd.name,
      ...(isStr(rd.sweep) ? { sweep: rd.sweep } : {}),
      ...(isStr(rd.holds_when) ? { holds_when: rd.holds_when } : {}),
    };
  }
  if (r.explain !== undefined) {
    const ex = (r.explain ?? {}) as Record<string, unknown>;
    if (!isStr(ex.text)) return (void problems.push(`${where}: "explain" needs "text" — left out`), null);
    if (ex.hash !== undefined && !(isStr(ex.hash) && ex.hash.startsWith('#')))
      return (void problems.push(`${where}: "explain.hash" must be a link starting with "#" — left out`), null);
    claim.explain = { text: ex.text, ...(isStr(ex.hash) ? { hash: ex.hash } : {}) };
  }
  return claim;
}

/** Reads a preset's evidence block; what is malformed is left out with a message. A
 * claim's paper must be in `papers` (its tolerance is taken from there). */
export function parseEvidence(
  doc: unknown,
  id: string,
  papers: Record<string, PaperInfo> = {},
): { evidence: Evidence; problems: string[] } {
  const problems: string[] = [];
  const evidence: Evidence = { published: [], claims: [] };
  if (doc === undefined) return { evidence, problems };
  const o = (doc ?? {}) as Record<string, unknown>;
  const published = Array.isArray(o.published) ? o.published : [];
  published.forEach((p: unknown, i) => {
    const r = (p ?? {}) as Record<string, unknown>;
    const where = `preset "${id}" published ${i + 1}`;
    if (!isStr(r.label) || !isStr(r.series) || !isStr(r.figure) || !isNum(r.value) || !isStr(r.source))
      return void problems.push(`${where}: needs label, series, figure, a numeric value and source — left out`);
    if (r.x !== undefined && !isNum(r.x)) return void problems.push(`${where}: "x" must be a number — left out`);
    evidence.published.push({
      label: r.label,
      series: r.series,
      figure: r.figure,
      value: r.value,
      source: r.source,
      ...(isNum(r.x) ? { x: r.x } : {}),
      ...(isStr(r.unit) ? { unit: r.unit } : {}),
    });
  });
  const claims = Array.isArray(o.claims) ? o.claims : [];
  const ids = new Set<string>();
  claims.forEach((c: unknown, i) => {
    const r = (c ?? {}) as Record<string, unknown>;
    const where = `preset "${id}" claim ${isStr(r.id) ? `"${r.id}"` : i + 1}`;
    const claim = readClaim(r, where, `${id}#${i}`, papers, problems);
    if (!claim) return;
    if (ids.has(claim.id)) return void problems.push(`${where}: id "${claim.id}" appears twice — left out`);
    ids.add(claim.id);
    evidence.claims.push(claim);
  });
  return { evidence, problems };
}
