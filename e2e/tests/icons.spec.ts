import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeIconModule, readIconNode, type IconNode } from '../../tools/icons/icon-paths';
import { expect, test } from '../fixtures';

// The build draws each of lucide-react's icons with one path (tools/icons/icon-paths.ts).
// These tests check, in Chromium, that every icon it rewrites looks the same as lucide's own,
// and that the app as built draws them that way.

const iconsDir = path.join(fileURLToPath(new URL('../..', import.meta.url)), 'node_modules/lucide-react/dist/esm/icons');
const CELL = 48;
const COLUMNS = 40;
const cell = (node: IconNode, index: number) =>
  `<svg x="${(index % COLUMNS) * CELL}" y="${Math.floor(index / COLUMNS) * CELL}" width="${CELL}" height="${CELL}" viewBox="0 0 24 24">` +
  node.map(([tag, attributes]) => `<${tag} ${Object.entries(attributes).filter(([name]) => name !== 'key').map(([name, value]) => `${name}="${value}"`).join(' ')}/>`).join('') +
  '</svg>';

test('every icon the build rewrites draws the same picture as lucide-react', async ({ page }) => {
  const names: string[] = [];
  const before: string[] = [];
  const after: string[] = [];
  for (const file of fs.readdirSync(iconsDir).filter((name) => name.endsWith('.mjs'))) {
    const source = fs.readFileSync(path.join(iconsDir, file), 'utf8');
    const merged = mergeIconModule(source);
    if (merged === source) continue;
    const original = readIconNode(source)!;
    const single = readIconNode(merged)!;
    expect(single, file).toHaveLength(1);
    names.push(file);
    before.push(cell(original, names.length - 1));
    after.push(cell(single, names.length - 1));
  }
  // Most of lucide's icons are several strokes; a few keep their parts (a filled dot, say).
  expect(names.length).toBeGreaterThan(1000);

  const width = COLUMNS * CELL;
  const height = Math.ceil(names.length / COLUMNS) * CELL;
  const sheet = (cells: string[]) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${cells.join('')}</svg>`;
  const differing: Array<[string, number, number]> = await page.evaluate(
    async ({ sheets, names, width, cellSize, columns }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = Math.ceil(names.length / columns) * cellSize;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      const draw = async (svg: string) => {
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await image.decode();
        context.clearRect(0, 0, canvas.width, canvas.height);
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, canvas.width, canvas.height).data;
      };
      const [a, b] = [await draw(sheets[0]!), await draw(sheets[1]!)];
      const out: Array<[string, number, number]> = [];
      names.forEach((name, index) => {
        const left = (index % columns) * cellSize;
        const top = Math.floor(index / columns) * cellSize;
        let ink = 0;
        let changed = 0;
        for (let y = top; y < top + cellSize; y++) {
          for (let x = left; x < left + cellSize; x++) {
            const alpha = (y * canvas.width + x) * 4 + 3;
            if (a[alpha]! > 0) ink++;
            if (Math.abs(a[alpha]! - b[alpha]!) > 96) changed++;
          }
        }
        // One path anti-aliases where its strokes cross once, where separate paths did twice:
        // a few edge pixels at a crossing. Anything more is a shape drawn wrongly.
        if (ink === 0 || changed > ink * 0.03) out.push([name, changed, ink]);
      });
      return out;
    },
    { sheets: [sheet(before), sheet(after)], names, width, cellSize: CELL, columns: COLUMNS },
  );
  expect(differing).toEqual([]);
});

test('the app as built draws its icons with one path', async ({ page }) => {
  await page.goto('/login');
  const logo = page.locator('svg.lucide-square-check-big').first();
  await expect(logo).toBeVisible();
  await expect(logo.locator('> *')).toHaveCount(1);
  await expect(logo.locator('> path')).toHaveCount(1);
});
