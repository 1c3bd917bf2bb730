import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import {
  countNumbers,
  pixels,
  rootViewport,
  SVG_LIMITS,
  transformScale,
  viewBox,
  type SvgProblem,
} from './svg-limits.ts';

/**
 * Allow-list SVG sanitiser for signature images: shapes, paths, groups, text and metadata with
 * presentation attributes. Everything else (script, foreignObject, use, image, style, event
 * handlers, links, external references, entities) is dropped, so the result cannot run code or
 * load anything when shown.
 */
const ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'title',
  'desc',
  'metadata',
]);
const ATTRIBUTES = new Set([
  'xmlns',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'version',
  'd',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'points',
  'dx',
  'dy',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'stroke-miterlimit',
  'opacity',
  'transform',
  'shape-rendering',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'id',
  'role',
  'aria-label',
]);
/** Values that could reach outside the document or run script. */
const UNSAFE_VALUE = /url\s*\(|javascript:|data:|expression\s*\(|[<>]/i;

/** Elements whose stroke gets painted: the ones a stroke-width limit must look at. */
const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan']);
/** Dash patterns multiply the work per stroke by its length over the dash (0.01 made 100 s). */
const DASHES = /stroke-dasharray\s*:\s*(?!none)/i;

type Node = Record<string, unknown>;
const ATTR = ':@';

/** Inherited down the tree: the stroke width in user units, whether strokes paint, px per unit. */
interface Scope {
  strokeWidth: number;
  stroked: boolean;
  unit: number;
  inText: boolean;
  /** Inside the root <svg>: a nested <svg> maps its viewBox onto its own size. */
  nested: boolean;
}

/** One pass that cleans the tree and counts what rendering will cost, stopping at the first excess. */
class Walk {
  elements = 0;
  numbers = 0;
  text = 0;
  problem: SvgProblem | null = null;

  constructor(
    private readonly maxStrokePx: number,
    private readonly diagonal: number,
  ) {}

  clean(nodes: Node[], scope: Scope): Node[] {
    const out: Node[] = [];
    for (const node of nodes) {
      if (this.problem) return out;
      if ('#text' in node) {
        if (scope.inText) this.count('text', String(node['#text']).length, SVG_LIMITS.maxTextChars);
        out.push({ '#text': node['#text'] });
        continue;
      }
      const name = Object.keys(node).find((k) => k !== ATTR);
      this.count('elements', 1, SVG_LIMITS.maxElements);
      if (!name || !ELEMENTS.has(name)) continue;
      const kept = this.attributes((node[ATTR] ?? {}) as Record<string, unknown>);
      const inner = this.scope(name, kept, scope);
      for (const key of ['@_d', '@_points'])
        if (kept[key]) this.count('numbers', countNumbers(kept[key]), SVG_LIMITS.maxPathNumbers);
      if (SHAPES.has(name) && inner.stroked && inner.strokeWidth * inner.unit > this.maxStrokePx)
        this.problem ??= 'stroke-too-wide';
      const children =
        name === 'metadata'
          ? textOnly(node[name] as Node[])
          : this.clean((node[name] ?? []) as Node[], inner);
      out.push({ [name]: children, ...(Object.keys(kept).length ? { [ATTR]: kept } : {}) });
    }
    return out;
  }

  private count(what: 'elements' | 'numbers' | 'text', n: number, max: number) {
    this[what] += n;
    if (this[what] > max) this.problem ??= 'too-complex';
  }

  private attributes(attrs: Record<string, unknown>) {
    const kept: Record<string, string> = {};
    for (const [key, value] of Object.entries(attrs)) {
      const attr = key.replace(/^@_/, '');
      const v = String(value);
      if ((attr === 'stroke-dasharray' && v.trim() !== 'none') || (attr === 'style' && DASHES.test(v)))
        this.problem ??= 'dashes';
      if (ATTRIBUTES.has(attr) && !UNSAFE_VALUE.test(v)) kept[`@_${attr}`] = v;
    }
    return kept;
  }

  private scope(name: string, kept: Record<string, string>, outer: Scope): Scope {
    let unit = outer.unit * transformScale(kept['@_transform']);
    const box = name === 'svg' && outer.nested ? viewBox(kept['@_viewBox']) : null;
    if (box && box.width > 0 && box.height > 0) {
      const fit = Math.max(
        (pixels(kept['@_width']) ?? box.width) / box.width,
        (pixels(kept['@_height']) ?? box.height) / box.height,
      );
      unit *= fit;
    }
    const stroke = kept['@_stroke']?.trim();
    return {
      strokeWidth: pixels(kept['@_stroke-width'], this.diagonal) ?? outer.strokeWidth,
      stroked: stroke === undefined ? outer.stroked : stroke !== 'none',
      unit,
      inText: outer.inText || name === 'text',
      nested: outer.nested || name === 'svg',
    };
  }
}

/** <metadata> keeps only its text (our reference and URL), not any foreign markup. */
function textOnly(nodes: Node[]): Node[] {
  const texts: string[] = [];
  const walk = (list: Node[]) => {
    for (const n of list) {
      if ('#text' in n) texts.push(String(n['#text']));
      else for (const [k, v] of Object.entries(n)) if (k !== ATTR && Array.isArray(v)) walk(v as Node[]);
    }
  };
  walk(nodes ?? []);
  return texts.length ? [{ '#text': texts.join(' ') }] : [];
}

const OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: undefined,
  trimValues: false,
} as const;

export type SanitizedSvg = { kind: 'ok'; svg: string; width: number; height: number } | { kind: SvgProblem };

/** Cleans an SVG and refuses one beyond SVG_LIMITS, before any renderer sees it. */
export function sanitizeSvg(svg: string): SanitizedSvg {
  if (/<!DOCTYPE|<!ENTITY/i.test(svg)) return { kind: 'unreadable' };
  let parsed: Node[];
  try {
    parsed = new XMLParser({ ...OPTIONS, maxNestedTags: SVG_LIMITS.maxDepth }).parse(svg) as Node[];
  } catch (err) {
    return { kind: /nested tags/i.test((err as Error).message) ? 'too-complex' : 'unreadable' };
  }
  const root = parsed.filter((n) => !('#text' in n));
  if (root.length !== 1 || !('svg' in root[0]!)) return { kind: 'unreadable' };
  const rootAttrs = Object.fromEntries(
    Object.entries((root[0]![ATTR] ?? {}) as Record<string, unknown>).map(([k, v]) => [
      k.replace(/^@_/, ''),
      String(v),
    ]),
  );
  const viewport = rootViewport(rootAttrs);
  if (typeof viewport === 'string') return { kind: viewport };
  const { width, height, unit } = viewport;
  const maxStrokePx = Math.max(SVG_LIMITS.minStrokeCap, SVG_LIMITS.maxStrokeShare * Math.min(width, height));
  // % stroke widths are of the normalised diagonal of the viewport, in user units
  const walk = new Walk(maxStrokePx, Math.hypot(width / unit, height / unit) / Math.SQRT2);
  const cleaned = walk.clean(root, {
    strokeWidth: 1,
    stroked: false,
    unit,
    inText: false,
    nested: false,
  });
  if (walk.problem) return { kind: walk.problem };
  const built = new XMLBuilder({ ...OPTIONS, suppressEmptyNode: true, format: false }).build(
    cleaned,
  ) as string;
  return built.trim().startsWith('<svg') ? { kind: 'ok', svg: built, width, height } : { kind: 'unreadable' };
}
