import { XMLBuilder, XMLParser } from 'fast-xml-parser';

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

type Node = Record<string, unknown>;
const ATTR = ':@';

function clean(nodes: Node[]): Node[] {
  const out: Node[] = [];
  for (const node of nodes) {
    if ('#text' in node) {
      out.push({ '#text': node['#text'] });
      continue;
    }
    const name = Object.keys(node).find((k) => k !== ATTR);
    if (!name || !ELEMENTS.has(name)) continue;
    const attrs = (node[ATTR] ?? {}) as Record<string, unknown>;
    const kept: Record<string, string> = {};
    for (const [key, value] of Object.entries(attrs)) {
      const attr = key.replace(/^@_/, '');
      const v = String(value);
      if (ATTRIBUTES.has(attr) && !UNSAFE_VALUE.test(v)) kept[`@_${attr}`] = v;
    }
    const children =
      name === 'metadata' ? textOnly(node[name] as Node[]) : clean((node[name] ?? []) as Node[]);
    out.push({ [name]: children, ...(Object.keys(kept).length ? { [ATTR]: kept } : {}) });
  }
  return out;
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

export function sanitizeSvg(svg: string): string | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(svg)) return null;
  const opts = {
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
  let parsed: Node[];
  try {
    parsed = new XMLParser(opts).parse(svg) as Node[];
  } catch {
    return null;
  }
  const root = parsed.filter((n) => !('#text' in n));
  if (root.length !== 1 || !('svg' in root[0]!)) return null;
  const cleaned = clean(root);
  const built = new XMLBuilder({ ...opts, suppressEmptyNode: true, format: false }).build(cleaned) as string;
  return built.trim().startsWith('<svg') ? built : null;
}
