/**
 * Lucide's icons, drawn with one `<path>` each (decision 017, fifth pass). An icon is an `<svg>`
 * of several strokes (paths, lines, rects, circles): CalendarDays is eleven elements, the
 * dashboard's icons about 600 of its 1,500. Each costs the browser style and layout. Every
 * stroke is drawn the same way (the `<svg>`'s stroke, width, caps and joins, no fill), so they
 * can be the sub-paths of one path: the same picture, with one element for the strokes.
 *
 * The web app's build (apps/web/single-path-icons.ts) rewrites each of lucide-react's icon
 * modules with `mergeIconModule`. An icon with a part drawn differently (its own fill, opacity or
 * width), or a part it cannot write as a path, is left as it is.
 */

/** One element of an icon, as lucide-react lists them: a tag name and its attributes. */
export type IconNode = Array<[string, Record<string, string | number>]>;

const num = (value: string | number | undefined) => (value === undefined || value === '' ? undefined : Number(value));
const fmt = (value: number) => String(Math.round(value * 1000) / 1000);

const number = /[\s,]*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/y;

/**
 * A path's data that starts with an absolute move. A path's first move is absolute even when
 * written `m`, but as a later sub-path it would be read relative to the one before: `m15 5 4 4`
 * (move, then a relative line) becomes `M15 5l4 4`.
 */
export function absoluteStart(d: string): string | undefined {
  if (d.startsWith('M')) return d;
  if (!d.startsWith('m')) return undefined;
  number.lastIndex = 1;
  const x = number.exec(d);
  const y = x && number.exec(d);
  if (!x || !y) return undefined;
  const rest = d.slice(number.lastIndex);
  // Pairs right after a move's first are lines, relative like the move.
  return `M${x[1]} ${y[1]}${/^[\s,]*[+\-.\d]/.test(rest) ? `l${rest.replace(/^[\s,]+/, '')}` : rest}`;
}

/** The path data of one stroke, or undefined when it cannot be one (an unknown shape, a relative first move). */
export function toPathData(tag: string, attributes: Record<string, string | number>): string | undefined {
  const at = (name: string) => num(attributes[name]);
  switch (tag) {
    case 'path':
      return absoluteStart(String(attributes.d ?? '').trim());
    case 'line':
      return `M${fmt(at('x1') ?? 0)} ${fmt(at('y1') ?? 0)}L${fmt(at('x2') ?? 0)} ${fmt(at('y2') ?? 0)}`;
    case 'polyline':
    case 'polygon': {
      const points = String(attributes.points ?? '')
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      if (points.length < 4 || points.length % 2 !== 0 || points.some(Number.isNaN)) return undefined;
      const pairs = [];
      for (let index = 0; index < points.length; index += 2) pairs.push(`${fmt(points[index]!)} ${fmt(points[index + 1]!)}`);
      return `M${pairs.join('L')}${tag === 'polygon' ? 'Z' : ''}`;
    }
    case 'circle':
    case 'ellipse': {
      const cx = at('cx') ?? 0;
      const cy = at('cy') ?? 0;
      const rx = tag === 'circle' ? at('r') : at('rx');
      const ry = tag === 'circle' ? at('r') : at('ry');
      if (rx === undefined || ry === undefined || rx <= 0 || ry <= 0) return undefined;
      return `M${fmt(cx - rx)} ${fmt(cy)}a${fmt(rx)} ${fmt(ry)} 0 1 0 ${fmt(2 * rx)} 0a${fmt(rx)} ${fmt(ry)} 0 1 0 ${fmt(-2 * rx)} 0Z`;
    }
    case 'rect': {
      const x = at('x') ?? 0;
      const y = at('y') ?? 0;
      const width = at('width');
      const height = at('height');
      if (width === undefined || height === undefined || width <= 0 || height <= 0) return undefined;
      // SVG's own rule: a missing radius takes the other's, and neither exceeds half the side.
      const rx = Math.min(at('rx') ?? at('ry') ?? 0, width / 2);
      const ry = Math.min(at('ry') ?? at('rx') ?? 0, height / 2);
      if (rx <= 0 || ry <= 0) return `M${fmt(x)} ${fmt(y)}h${fmt(width)}v${fmt(height)}h${fmt(-width)}Z`;
      const corner = (dx: number, dy: number) => `a${fmt(rx)} ${fmt(ry)} 0 0 1 ${fmt(dx)} ${fmt(dy)}`;
      return (
        `M${fmt(x + rx)} ${fmt(y)}h${fmt(width - 2 * rx)}${corner(rx, ry)}v${fmt(height - 2 * ry)}${corner(-rx, ry)}` +
        `h${fmt(-(width - 2 * rx))}${corner(-rx, -ry)}v${fmt(-(height - 2 * ry))}${corner(rx, -ry)}Z`
      );
    }
    default:
      return undefined;
  }
}

/** The attributes that only place a shape; any other (fill, opacity, stroke-width...) draws it differently. */
const geometry = new Set(['key', 'd', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'width', 'height', 'points']);

/** The icon's strokes as one path, or the icon unchanged when one of them cannot join it. */
export function mergeIconNode(node: IconNode): IconNode {
  if (node.length < 2) return node;
  const parts: string[] = [];
  for (const [tag, attributes] of node) {
    if (Object.keys(attributes).some((name) => !geometry.has(name))) return node;
    const d = toPathData(tag, attributes);
    if (d === undefined) return node;
    parts.push(d);
  }
  return [['path', { d: parts.join(''), key: 'merged' }]];
}

/** The `node: [...]` array literal of a lucide-react icon module (dist/esm/icons/*.mjs). */
const nodeLiteral = /(\bnode:\s*)(\[[\s\S]*?\]\s*\])(\s*[,}])/;

/** The icon an icon module draws (its `node`), or undefined for a module that lists none (an alias, say). */
export function readIconNode(source: string): IconNode | undefined {
  const literal = nodeLiteral.exec(source)?.[2];
  if (literal === undefined) return undefined;
  try {
    // The array is plain data written by lucide's build: arrays, objects, strings and numbers.
    const node: unknown = JSON.parse(literal.replace(/([{,]\s*)([A-Za-z_][\w-]*)\s*:/g, '$1"$2":'));
    return Array.isArray(node) ? (node as IconNode) : undefined;
  } catch {
    return undefined;
  }
}

/** An icon module's source with its node merged; any other source, or one it cannot read, unchanged. */
export function mergeIconModule(source: string): string {
  const node = readIconNode(source);
  if (!node) return source;
  const merged = mergeIconNode(node);
  if (merged === node) return source;
  return source.replace(nodeLiteral, (_all, before: string, _array: string, after: string) => `${before}${JSON.stringify(merged)}${after}`);
}
