import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { FONT_CATEGORIES, fontForCategory, fontsIn, SIGNATURE_FONTS } from './catalogue.ts';
import { fontCss, fontFileUrl } from './font-imports.ts';

describe('font catalogue', () => {
  test('45 fonts in 7 categories, each slug once', () => {
    expect(SIGNATURE_FONTS).toHaveLength(45);
    expect(new Set(SIGNATURE_FONTS.map((f) => f.slug)).size).toBe(45);
    expect(FONT_CATEGORIES.map((c) => fontsIn(c).length)).toEqual([8, 6, 7, 6, 6, 6, 6]);
  });

  test('every font has a lazy CSS and file import, and its package provides both', () => {
    const slugs = SIGNATURE_FONTS.map((f) => f.slug).sort();
    expect(Object.keys(fontCss).sort()).toEqual(slugs);
    expect(Object.keys(fontFileUrl).sort()).toEqual(slugs);
    for (const f of SIGNATURE_FONTS) {
      const dir = `node_modules/@fontsource/${f.slug}`;
      const css = fs.readFileSync(`${dir}/latin-400.css`, 'utf8');
      expect(css).toContain(`font-family: '${f.family}'`);
      expect(fs.existsSync(`${dir}/files/${f.slug}-latin-400-normal.woff2`)).toBe(true);
    }
  });

  test('changing category picks its first font unless the current one belongs to it', () => {
    expect(fontForCategory('casual', 'great-vibes').slug).toBe('caveat');
    expect(fontForCategory('casual', 'kalam').slug).toBe('kalam');
    expect(fontForCategory('bold', 'kalam').slug).toBe('pacifico');
  });
});
