import { describe, expect, it } from 'vitest';
import { absoluteStart, mergeIconModule, mergeIconNode, toPathData, type IconNode } from './icon-paths';

describe("an icon's strokes as path data", () => {
  it('keeps an absolute path, and makes a relative first move absolute with its implied lines', () => {
    expect(absoluteStart('M8 2v3')).toBe('M8 2v3');
    expect(absoluteStart('m15 5 4 4')).toBe('M15 5l4 4');
    expect(absoluteStart('m6.34 17.66-1.41 1.41')).toBe('M6.34 17.66l-1.41 1.41');
    expect(absoluteStart('m21.73 18-8-14a2 2 0 0 0-3.48 0')).toBe('M21.73 18l-8-14a2 2 0 0 0-3.48 0');
    expect(absoluteStart('m9 12 2 2 4-4')).toBe('M9 12l2 2 4-4');
    expect(absoluteStart('m12 2h3')).toBe('M12 2h3');
    expect(absoluteStart('l1 2')).toBeUndefined();
  });

  it('draws lines, polylines, polygons, circles, ellipses and rectangles as SVG does', () => {
    expect(toPathData('line', { x1: '2', y1: '3', x2: '22', y2: '21' })).toBe('M2 3L22 21');
    expect(toPathData('polyline', { points: '22 12 18 12 15 21' })).toBe('M22 12L18 12L15 21');
    expect(toPathData('polygon', { points: '3,11 22,2 13,21' })).toBe('M3 11L22 2L13 21Z');
    expect(toPathData('circle', { cx: '12', cy: '12', r: '10' })).toBe('M2 12a10 10 0 1 0 20 0a10 10 0 1 0 -20 0Z');
    expect(toPathData('ellipse', { cx: '12', cy: '5', rx: '9', ry: '3' })).toBe('M3 5a9 3 0 1 0 18 0a9 3 0 1 0 -18 0Z');
    expect(toPathData('rect', { x: '3', y: '4', width: '18', height: '16' })).toBe('M3 4h18v16h-18Z');
    expect(toPathData('rect', { x: '3', y: '3', width: '18', height: '18', rx: '2' })).toBe(
      'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2Z',
    );
    // A radius beyond half the side is half the side.
    expect(toPathData('rect', { x: '0', y: '0', width: '4', height: '4', rx: '9' })).toBe('M2 0h0a2 2 0 0 1 2 2v0a2 2 0 0 1 -2 2h0a2 2 0 0 1 -2 -2v0a2 2 0 0 1 2 -2Z');
    expect(toPathData('circle', { cx: '12', cy: '12' })).toBeUndefined();
    expect(toPathData('text', {})).toBeUndefined();
  });
});

describe('merging an icon', () => {
  const calendar: IconNode = [
    ['path', { d: 'M8 2v3', key: 'a' }],
    ['rect', { x: '3', y: '3', width: '18', height: '18', rx: '2', key: 'b' }],
    ['path', { d: 'm15 5 4 4', key: 'c' }],
  ];

  it('makes its strokes the sub-paths of one path', () => {
    expect(mergeIconNode(calendar)).toEqual([['path', { d: 'M8 2v3M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2ZM15 5l4 4', key: 'merged' }]]);
  });

  it('leaves an icon alone when a part is drawn differently, or cannot be a path', () => {
    const filled: IconNode = [...calendar, ['circle', { cx: '12', cy: '12', r: '1', fill: 'currentColor', key: 'd' }]];
    expect(mergeIconNode(filled)).toBe(filled);
    const unknown: IconNode = [...calendar, ['text', { x: '1', key: 'e' }]];
    expect(mergeIconNode(unknown)).toBe(unknown);
    const single: IconNode = [['path', { d: 'M1 1h2', key: 'f' }]];
    expect(mergeIconNode(single)).toBe(single);
  });

  it("rewrites a lucide-react module's node, with or without aliases after it, and nothing else", () => {
    const module = (extra: string) => `import createLucideIcon from '../createLucideIcon.mjs';

const __iconData = {
  name: "log-out",
  size: 24,
  node: [
    ["path", { d: "m16 17 5-5-5-5", key: "1bji2h" }],
    [
      "path",
      {
        d: "M21 12H9",
        key: "dn1m92"
      }
    ]
  ]${extra}
};
__iconData.node;
const LogOut = createLucideIcon(__iconData);

export { __iconData, LogOut as default };
`;
    for (const extra of ['', ',\n  aliases: ["sign-out"]']) {
      const merged = mergeIconModule(module(extra));
      expect(merged).toBe(module(extra).replace(/node: \[[\s\S]*?\]\s*\](?=\s*[,}])/, 'node: [["path",{"d":"M16 17l5-5-5-5M21 12H9","key":"merged"}]]'));
    }
    expect(mergeIconModule("export { default } from './trash.mjs';")).toBe("export { default } from './trash.mjs';");
  });
});
