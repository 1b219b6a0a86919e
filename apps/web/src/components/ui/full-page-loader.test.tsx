import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FullPageLoader } from './full-page-loader';

describe('the loader index.html shows before the app renders', () => {
  it('is the app’s full-page loader exactly as React writes it, so the first paint and the app’s own loader look the same', () => {
    const html = fs.readFileSync(path.join(__dirname, '../../../index.html'), 'utf8');
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1];
    expect(root).toBe(renderToStaticMarkup(<FullPageLoader />));
  });
});
