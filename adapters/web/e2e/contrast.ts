/**
 * Readable contrast for the browser tests: every visible piece of text on the page against the first opaque
 * background behind it, measured as WCAG 2.1 defines it (relative luminance; 4.5:1 for text, 3:1 for large text:
 * 24 px, or 18.66 px bold). Used only by *.e2e.test.ts files.
 */
import type { Page } from 'playwright-core';

/** Each distinct text style below its contrast minimum, as `selector colour on background ratio "text"`. */
export function lowContrastText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = { r: number; g: number; b: number; a: number };
    const parse = (c: string): Rgba | null => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return null;
      const v = m[1]!.split(',').map(Number);
      return { r: v[0]!, g: v[1]!, b: v[2]!, a: v.length > 3 ? v[3]! : 1 };
    };
    const channel = (x: number) => (x / 255 <= 0.03928 ? x / 255 / 12.92 : ((x / 255 + 0.055) / 1.055) ** 2.4);
    const luminance = (c: Rgba) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
    const background = (el: Element | null): Rgba => {
      for (let e = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c && c.a > 0.5) return c;
      }
      return { r: 255, g: 255, b: 255, a: 1 };
    };
    const low = new Set<string>();
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const text = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
      if (!text || el.getClientRects().length === 0 || el.closest('.sr-only, [hidden]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      const fg = parse(style.color)!;
      const bg = background(el);
      const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
      const ratio = (hi + 0.05) / (lo + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (Number(style.fontWeight) >= 700 && size >= 18.66);
      if (ratio < (large ? 3 : 4.5))
        low.add(
          `${el.tagName.toLowerCase()}.${el.className} ${style.color} on rgb(${bg.r}, ${bg.g}, ${bg.b}) ${ratio.toFixed(2)}`,
        );
    }
    return [...low];
  });
}
